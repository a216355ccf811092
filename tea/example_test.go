package tea_test

import (
	"context"
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// saved is what the form's button sends.
type saved struct{}

// form is a small app: two buttons, and a notification when one saves.
type form struct{ saves int }

func (form) Init() tea.Cmd { return nil }

func (f form) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(saved); ok {
		f.saves++
		return f, tea.Notify(tea.LevelSuccess, fmt.Sprintf("Saved %d times", f.saves))
	}
	return f, nil
}

func (f form) View() tea.Node {
	return tea.Row{Items: []tea.Node{
		widgets.Button{ID: "save", Label: "Save", OnClick: saved{}},
		widgets.Button{ID: "cancel", Label: "Cancel"},
	}}
}

// Start runs a model; Dispatch applies a message and answers once Update
// has run and the new snapshot is published.
func ExampleStart() {
	ctx := context.Background()
	rt, err := tea.Start(ctx, form{}, tea.WithSize(40, 5))
	if err != nil {
		panic(err)
	}
	defer rt.Stop()
	tr, err := rt.Dispatch(ctx, saved{})
	if err != nil {
		panic(err)
	}
	fmt.Println("saves:", tr.Before.Model.(form).saves, "->", tr.After.Model.(form).saves)
	fmt.Println("size:", rt.Snapshot().Size.Width, "x", rt.Snapshot().Size.Height)
	// Output:
	// saves: 0 -> 1
	// size: 40 x 5
}

// Update returns Notify as a command. The runtime keeps the notification
// pending in the snapshot, where the terminal and the MCP renderer find it.
func ExampleNotify() {
	ctx := context.Background()
	rt, err := tea.Start(ctx, form{})
	if err != nil {
		panic(err)
	}
	defer rt.Stop()
	tr, err := rt.Dispatch(ctx, saved{})
	if err != nil {
		panic(err)
	}
	<-tr.Settled // the command has run and its NotifyMsg is queued
	if err := rt.Barrier(ctx); err != nil {
		panic(err)
	}
	for _, n := range rt.Snapshot().Notifications {
		fmt.Println(n.Level.Symbol(), n.Text)
	}
	// Output:
	// ✓ Saved 1 times
}

// Focus starts on the first focusable widget. FocusMsg moves it to a widget,
// FocusNextMsg and FocusPrevMsg move it as Tab and Shift+Tab do, and a key
// goes to the focused widget: Enter on the Save button sends its message.
func ExampleFocusMsg() {
	ctx := context.Background()
	rt, err := tea.Start(ctx, form{})
	if err != nil {
		panic(err)
	}
	defer rt.Stop()
	fmt.Println("focus:", rt.Snapshot().Focus)
	for _, msg := range []tea.Msg{
		tea.FocusNextMsg{},
		tea.FocusMsg{ID: "save"},
		tea.KeyInputMsg{Key: tea.Named(tea.KeyEnter)},
	} {
		tr, err := rt.Dispatch(ctx, msg)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%T: focus %s, saves %d\n", msg, tr.After.Focus, tr.After.Model.(form).saves)
	}
	_, err = rt.Dispatch(ctx, tea.FocusMsg{ID: "nowhere"})
	fmt.Println(err)
	// Output:
	// focus: save
	// tea.FocusNextMsg: focus cancel, saves 0
	// tea.FocusMsg: focus save, saves 0
	// tea.KeyInputMsg: focus save, saves 1
	// widget "nowhere" cannot take focus: it is not a focusable widget in the current view
}
