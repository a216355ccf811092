package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Task is one entry of the list.
type Task struct {
	Title string `json:"title"`
	Done  bool   `json:"done"`
}

// todo is the app's model. Widgets: TextInput "task", Button "add",
// SelectList "items", Buttons "done" and "delete", Modal "confirm" and Text
// "status".
type todo struct {
	Tasks    []Task                 `json:"tasks"`
	Input    widgets.TextInputState `json:"input"`
	Selected int                    `json:"selected"`
	Confirm  widgets.ModalState     `json:"confirm"`
	Status   string                 `json:"status"`
}

type (
	addTask    struct{}
	toggleTask struct{}
	askDelete  struct{}
)

func newTodo() todo {
	return todo{
		Tasks:   []Task{{Title: "Read the Facet design"}, {Title: "Write a harness test"}},
		Input:   widgets.TextInputState{ID: "task"},
		Confirm: widgets.ModalState{ID: "confirm"},
		Status:  "Type a task and press enter, or Add.",
	}
}

// allDoneKey is the key of the "all done" notification.
const allDoneKey = "all-done"

func (t todo) Init() tea.Cmd { return nil }

func (t todo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	was := t.finished()
	if t.Input.Update(msg) || t.Confirm.Update(msg) {
		return t, nil
	}
	switch m := msg.(type) {
	case widgets.SelectListSelected:
		if m.ID == "items" && !t.Confirm.Visible {
			t.Selected = min(max(m.Index, 0), len(t.Tasks)-1)
		}
	case widgets.TextSubmitted:
		if m.ID == "task" {
			return t.add().allDone(was)
		}
	case addTask:
		return t.add().allDone(was)
	case toggleTask:
		if t.current() != nil {
			t.Tasks = slices.Clone(t.Tasks)
			t.Tasks[t.Selected].Done = !t.Tasks[t.Selected].Done
			t.Status = fmt.Sprintf("%s: %s.", t.Tasks[t.Selected].Title, doneWord(t.Tasks[t.Selected].Done))
			return t.allDone(was)
		}
	case askDelete:
		if t.current() != nil {
			t.Confirm.Open()
		}
	case widgets.ModalConfirmed:
		if m.ID == "confirm" && t.Confirm.Visible {
			title := t.Tasks[t.Selected].Title
			t.Tasks = slices.Delete(slices.Clone(t.Tasks), t.Selected, t.Selected+1)
			t.Selected = max(min(t.Selected, len(t.Tasks)-1), 0)
			t.Confirm.Close()
			t.Status = fmt.Sprintf("Deleted %q. %d left.", title, len(t.Tasks))
			return t.allDone(was)
		}
	case widgets.ModalDismissed:
		if m.ID == "confirm" {
			t.Confirm.Close()
			t.Status = "Kept it."
		}
	}
	return t, nil
}

// allDone says, with a notification rather than the status text, when
// the list becomes all done (was tells whether it was before the message),
// and takes it back when it stops being so: it tells whoever is at the
// session (the bottom line, the MCP context and answers) and goes away by
// itself. Nothing is raised again while the list stays all done.
func (t todo) allDone(was bool) (tea.Model, tea.Cmd) {
	switch now := t.finished(); {
	case now && !was:
		return t, tea.NotifyWith(tea.NotifyMsg{Key: allDoneKey, Level: tea.LevelSuccess, Text: "All tasks done. Nice work!"})
	case !now && was:
		return t, tea.Dismiss(allDoneKey)
	}
	return t, nil
}

// finished reports whether there are tasks and every one is done.
func (t todo) finished() bool {
	return len(t.Tasks) > 0 && !slices.ContainsFunc(t.Tasks, func(x Task) bool { return !x.Done })
}

// add appends the typed task, or says why it cannot.
func (t todo) add() todo {
	title := strings.TrimSpace(t.Input.Value)
	switch {
	case title == "":
		t.Status = "Type a task first."
	case slices.ContainsFunc(t.Tasks, func(x Task) bool { return strings.EqualFold(x.Title, title) }):
		t.Status = fmt.Sprintf("%q is already on the list.", title)
	default:
		t.Tasks = append(slices.Clone(t.Tasks), Task{Title: title})
		t.Selected = len(t.Tasks) - 1
		t.Input.Value = ""
		t.Status = fmt.Sprintf("Added %q.", title)
	}
	return t
}

func (t todo) current() *Task {
	if t.Selected < 0 || t.Selected >= len(t.Tasks) {
		return nil
	}
	return &t.Tasks[t.Selected]
}

func doneWord(done bool) string {
	if done {
		return "done"
	}
	return "not done"
}

func (t todo) View() tea.Node {
	input := t.Input.View(widgets.TextInput{Label: "New task", Placeholder: "what needs doing?"})
	options := make([]string, len(t.Tasks))
	left := 0
	for i, task := range t.Tasks {
		mark := "[ ]"
		if task.Done {
			mark = "[x]"
		} else {
			left++
		}
		options[i] = mark + " " + task.Title
	}
	selected := t.Selected
	if len(t.Tasks) == 0 {
		selected = -1
	}
	var body tea.Node = tea.Text{Content: "Nothing to do.", Muted: true}
	if len(t.Tasks) > 0 {
		body = widgets.SelectList{ID: "items", Label: fmt.Sprintf("Tasks (%d to do)", left), Options: options,
			Selected: selected, Height: 10, Disabled: t.Confirm.Visible}
	}
	title := ""
	if c := t.current(); c != nil {
		title = c.Title
	}
	return tea.Box{Title: "To-do", Padding: 1, Child: tea.Column{Gap: 1, Items: []tea.Node{
		tea.Row{Gap: 2, Items: []tea.Node{input, widgets.Button{ID: "add", Label: "Add", OnClick: addTask{}}}},
		body,
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.Button{ID: "done", Label: "Done / undo", OnClick: toggleTask{}, Disabled: t.current() == nil || t.Confirm.Visible},
			widgets.Button{ID: "delete", Label: "Delete…", OnClick: askDelete{}, Disabled: t.current() == nil || t.Confirm.Visible},
		}},
		t.confirmView(title),
		widgets.Text{ID: "status", Content: t.Status},
	}}}
}

// confirmView is the delete dialog: a destructive one, which opens on Keep.
func (t todo) confirmView(title string) widgets.Modal {
	return t.Confirm.View(widgets.Modal{
		Title:        "Delete this task?",
		Body:         fmt.Sprintf("%q will be removed from the list.", title),
		ConfirmLabel: "Delete", DismissLabel: "Keep", Destructive: true,
	})
}

// Projections implements tea.Projector: "tasks" (todo://state/tasks) is the
// list, each task's title and whether it is done. Agents read it as a
// resource and through facet_get_model.
func (t todo) Projections() []tea.Projection {
	return []tea.Projection{{
		URI:         "todo://state/tasks",
		Name:        "tasks",
		Description: "The tasks: title and done.",
		Value:       func() any { return slices.Clone(t.Tasks) },
	}}
}
