package main

import (
	"testing"

	"github.com/facetui/facet/facettest"
	"github.com/facetui/facet/render/mcp/mcptest"
)

func statusIs(want string) func(mcptest.Component) bool {
	return func(c mcptest.Component) bool { return c.Label == want }
}

func TestTodoAddCompleteAndDelete(t *testing.T) {
	s := facettest.Start(t, newTodo())

	s.Click("add").AssertComponent("status", statusIs("Type a task first."))

	s.TypeInto("task", "Ship the examples").Click("add").
		AssertComponent("status", statusIs(`Added "Ship the examples".`)).
		AssertComponent("items", func(c mcptest.Component) bool {
			return c.Label == "Tasks (3 to do)" && c.State["selected_label"] == "[ ] Ship the examples"
		})
	if got := s.Value("task"); got != "" {
		t.Errorf("the input keeps %q after Add", got)
	}

	s.TypeInto("task", "ship the EXAMPLES").Click("add").
		AssertComponent("status", statusIs(`"ship the EXAMPLES" is already on the list.`))

	s.Select("items", 0).Click("done").
		AssertComponent("items", func(c mcptest.Component) bool { return c.Label == "Tasks (2 to do)" }).
		AssertScreenContains("[x] Read the Facet design")

	// Delete asks first; Keep leaves the list alone.
	s.AssertToolAbsent("confirm.confirm").
		Click("delete").
		AssertScreenContains(`"Read the Facet design" will be removed`).
		AssertToolAbsent("delete.click").
		Dismiss("confirm").
		AssertComponent("status", statusIs("Kept it."))
	s.Click("delete").Confirm("confirm").
		AssertComponent("status", statusIs(`Deleted "Read the Facet design". 2 left.`)).
		AssertScreenNotContains("[x] Read the Facet design").
		ExpectError("no longer offers `confirm`").Confirm("confirm")

	var model struct {
		Tasks []Task `json:"tasks"`
	}
	s.Model(&model)
	if len(model.Tasks) != 2 || model.Tasks[1].Title != "Ship the examples" {
		t.Errorf("tasks = %+v", model.Tasks)
	}
}

func TestTodoEnterInTheInputAdds(t *testing.T) {
	s := facettest.Start(t, newTodo())
	s.TypeInto("task", "Buy milk").SendKey("enter").
		AssertComponent("status", statusIs(`Added "Buy milk".`))
}

func TestTodoDeletingEverythingLeavesNothingToDo(t *testing.T) {
	s := facettest.Start(t, newTodo())
	s.Click("delete").Confirm("confirm").Click("delete").Confirm("confirm").
		AssertScreenContains("Nothing to do.").
		AssertToolAbsent("delete.click").
		AssertToolAbsent("items.select")
}

func TestTodoFinishingEveryTaskNotifies(t *testing.T) {
	s := facettest.Start(t, newTodo())
	s.Select("items", 0).Click("done").Select("items", 1).Click("done").
		AssertNotified("All tasks done").
		AssertScreenContains("✓ All tasks done. Nice work!")
	// Undone and done again: still one, and none while a task is open.
	s.Click("done").WaitFor("items", func(c mcptest.Component) bool { return len(s.Notifications()) == 0 })
	s.Click("done").AssertNotified("All tasks done")
	if n := len(s.Notifications()); n != 1 {
		t.Fatalf("%d notifications pending, want 1", n)
	}
}

func TestTodoAllDoneFollowsTheList(t *testing.T) {
	s := facettest.Start(t, newTodo())
	s.Select("items", 0).Click("done").Select("items", 1).Click("done").AssertNotified("All tasks done")
	// A new task is not done: the notification goes.
	s.TypeInto("task", "Third").Click("add").
		WaitFor("items", func(mcptest.Component) bool { return len(s.Notifications()) == 0 })
	// Deleting the only open task leaves all done again.
	s.Select("items", 2).Click("delete").Confirm("confirm").AssertNotified("All tasks done")
}

func TestTodoDeleteDialogByKeyboard(t *testing.T) {
	s := facettest.Start(t, newTodo())
	// The dialog opens on Keep: Enter keeps the task.
	s.Click("delete").SendKey("enter").AssertComponent("status", statusIs("Kept it."))
	// Left moves to Delete; Enter deletes.
	s.Click("delete").SendKey("left").AssertScreenContains("▸[ Delete ]").SendKey("enter").
		AssertComponent("status", statusIs(`Deleted "Read the Facet design". 1 left.`))
}

func TestTodoAllDoneIsRaisedOnlyWhenTheListBecomesDone(t *testing.T) {
	s := facettest.Start(t, newTodo())
	s.Select("items", 0).Click("done").Select("items", 1).Click("done").AssertNotified("All tasks done")
	before := len(s.Server().Sessions().List()[0].Snapshot().Recent)
	// Nothing changes whether all is done: no new notification.
	s.Click("add").AssertComponent("status", statusIs("Type a task first."))
	s.Click("delete").Confirm("confirm").AssertComponent("status", statusIs(`Deleted "Write a harness test". 1 left.`))
	if after := len(s.Server().Sessions().List()[0].Snapshot().Recent); after != before {
		t.Fatalf("%d notifications raised while the list stayed all done", after-before)
	}
}
