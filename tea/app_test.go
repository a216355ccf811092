package tea_test

import (
	"errors"
	"testing"

	"github.com/facetui/facet/tea"
)

type nothing struct{}

func (nothing) Init() tea.Cmd                         { return nil }
func (n nothing) Update(tea.Msg) (tea.Model, tea.Cmd) { return n, nil }
func (nothing) View() tea.Node                        { return tea.Text{} }

func TestAppValidateNamesTheFieldAndItsRule(t *testing.T) {
	newModel := func() tea.Model { return nothing{} }
	cases := []struct {
		name  string
		app   tea.App
		field string // "" means valid
	}{
		{"valid", tea.App{Name: "todo", New: newModel}, ""},
		{"valid without a title", tea.App{Name: "a-b_C9", New: newModel}, ""},
		{"empty name", tea.App{New: newModel}, "Name"},
		{"name with a space", tea.App{Name: "my app", New: newModel}, "Name"},
		{"name of 33", tea.App{Name: "abcdefghijklmnopqrstuvwxyz0123456", New: newModel}, "Name"},
		{"no constructor", tea.App{Name: "todo"}, "New"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.app.Validate()
			if c.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var ae *tea.AppError
			if !errors.As(err, &ae) || ae.Field != c.field || ae.Rule == "" {
				t.Fatalf("Validate() = %v, want an *AppError on %s with its rule", err, c.field)
			}
			if !errors.Is(err, tea.ErrInvalidApp) {
				t.Errorf("errors.Is(%v, ErrInvalidApp) = false", err)
			}
		})
	}
}

func TestAppDisplayTitleFallsBackToName(t *testing.T) {
	cases := []struct {
		app  tea.App
		want string
	}{
		{tea.App{Name: "todo", Title: "To-do list"}, "To-do list"},
		{tea.App{Name: "todo"}, "todo"},
	}
	for _, c := range cases {
		if got := c.app.DisplayTitle(); got != c.want {
			t.Errorf("%+v.DisplayTitle() = %q, want %q", c.app, got, c.want)
		}
	}
}
