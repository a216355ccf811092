package web

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

// own is a widget of an app's own, as render/web sees one: it knows
// nothing of it but its description and its actions.
type own struct {
	id   string
	desc tea.Description
}

type bumped struct{ By int }

func (own) Children() []tea.Node            { return nil }
func (o own) WidgetID() string              { return o.id }
func (own) WidgetKind() string              { return "own_thing" }
func (own) Render(tea.RenderContext) string { return "own drawing" }
func (o own) Describe() tea.Description     { return o.desc }
func (own) Actions() []tea.Action           { return []tea.Action{{Name: "bump"}, {Name: "set"}} }
func (own) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch action {
	case "bump":
		by, _ := args["by"].(float64)
		return tea.Write(bumped{By: int(by)}), nil
	case "set":
		return tea.Write(args["value"]), nil
	}
	return tea.Result{}, tea.UnknownActionError("own_thing", action, nil)
}

// panicky describes itself by panicking.
type panicky struct{ own }

func (panicky) Describe() tea.Description { panic("no") }

func bump(by int) tea.Act { return tea.Act{Name: "bump", Args: []tea.Arg{{Name: "by", Value: by}}} }

// TestAnAppsWidgetGetsTheElementOfItsRole draws widgets render/web has
// never heard of from their descriptions alone: each gets its role's
// element, with its Acts as the parts' data-act.
func TestAnAppsWidgetGetsTheElementOfItsRole(t *testing.T) {
	tests := []struct {
		name string
		w    tea.Widget
		want []string
	}{
		{"a button is a <button> that does its Act",
			own{"go", tea.Description{Role: "button", Label: "Go", Action: bump(1)}},
			[]string{`<button id="w:go" class="w button" data-w="go" tabindex="-1" type="button" data-act="bump {&#34;by&#34;:1}">Go</button>`}},
		{"a disabled button is disabled and does nothing",
			own{"go", tea.Description{Role: "button", Label: "Go", States: tea.States{Disabled: true}}},
			[]string{`type="button" disabled>Go</button>`}},
		{"a listbox lists its parts as options",
			own{"l", tea.Description{Role: "listbox", Label: "Pick", Lines: 3, Parts: []tea.Part{
				{Role: "option", Label: "a", Action: bump(0)}, {Role: "option", Label: "b", States: tea.States{Selected: true}, Action: bump(1)}}}},
			[]string{`role="listbox" aria-label="Pick" tabindex="0" aria-disabled="false" style="max-height:3lh"`,
				`<div id="w:l:o1" role="option" aria-selected="true" class="option selected" data-act="bump {&#34;by&#34;:1}">b</div>`}},
		{"a slider's bar takes the point clicked as the argument its Act leaves empty",
			own{"vol", tea.Description{Role: "slider", Label: "Volume", Range: &tea.Range{Max: 10, Now: 4},
				Action: tea.Act{Name: "set", Args: []tea.Arg{{Name: "value"}}}}},
			[]string{`role="slider" aria-label="Volume" aria-valuemin="0" aria-valuemax="10" aria-valuenow="4" aria-disabled="false" data-min="0" data-max="10" data-act="set" data-arg="value"`,
				`style="width:40.00%"`}},
		{"a spinbutton shows its value and its parts as buttons",
			own{"n", tea.Description{Role: "spinbutton", Label: "Count", Value: "3", Range: &tea.Range{Min: 0, Max: 9, Now: 3}, Parts: []tea.Part{
				{Role: "button", ID: "down", Label: "decrement", Value: "−", Action: bump(-1)},
				{Role: "button", ID: "up", Label: "increment", Value: "+"}}}},
			[]string{`<span id="w:n:value" class="value" role="spinbutton" aria-label="Count" aria-disabled="false" aria-valuemin="0" aria-valuemax="9" aria-valuenow="3" aria-valuetext="3">3</span>`,
				`<button id="w:n:down" type="button" class="step" aria-label="decrement" tabindex="-1" data-act="bump {&#34;by&#34;:-1}">−</button>`,
				`<button id="w:n:up" type="button" class="step" aria-label="increment" tabindex="-1" disabled>+</button>`}},
		{"a role with no element is its drawing, which a click activates",
			own{"odd", tea.Description{Role: "gauge", Action: bump(2)}},
			[]string{`<pre id="w:odd" class="w drawn own-thing" data-w="odd" tabindex="-1" role="img" aria-label="own_thing odd" data-act="bump {&#34;by&#34;:2}">own drawing</pre>`}},
		{"a widget that panics describing itself is its drawing",
			panicky{own{id: "p"}},
			[]string{`<pre id="w:p" class="w drawn own-thing" data-w="p" tabindex="-1" role="img" aria-label="own_thing p">own drawing</pre>`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := paint(tea.Snapshot{View: tt.w}, chrome{session: "t1"}).HTML()
			for _, want := range tt.want {
				if !strings.Contains(html, want) {
					t.Errorf("the page lacks\n  %s\nit is:\n%s", want, html)
				}
			}
		})
	}
}

// TestAClickOnAnAppsWidgetSendsItsAct checks that a click on a part of an
// app's own widget goes where an agent's tool call goes.
func TestAClickOnAnAppsWidgetSendsItsAct(t *testing.T) {
	view := tea.Vertical(own{"go", tea.Description{Role: "button", Action: bump(1)}})
	msg, err := clickMsg(view, Click{ID: "go", Action: "bump", Args: map[string]any{"by": 2.0}})
	if err != nil || !reflect.DeepEqual(msg, bumped{By: 2}) {
		t.Fatalf("click = %#v, %v; want bumped by 2", msg, err)
	}
	if _, err := clickMsg(view, Click{ID: "go", Action: "missing"}); !errors.Is(err, tea.ErrUnknownAction) {
		t.Fatalf("a click on an action the widget lacks = %v, want ErrUnknownAction", err)
	}
	if msg, err := clickMsg(view, Click{ID: "go", Action: "focus"}); msg != nil || err != nil {
		t.Fatalf("a click that focuses = %#v, %v; want nothing", msg, err)
	}
}
