package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestTabsSwitchSectionsAndSettingsWork(t *testing.T) {
	rt := start(t, NewTabs())
	if hasWidget(rt, "theme") || hasWidget(rt, "notify") {
		t.Fatal("Overview shows the settings")
	}
	press(t, rt, "right")
	if got := modelOf[TabsDemo](t, rt).Active(); got != "Settings" {
		t.Fatalf("active = %q, want Settings", got)
	}
	if ids := widgetIDs(rt.Snapshot().View); !slices.Equal(ids, []string{"sections", "theme", "notify"}) {
		t.Fatalf("Settings ids = %v", ids)
	}
	press(t, rt, "tab", "down", "down", "tab", "space")
	m := modelOf[TabsDemo](t, rt)
	if m.Theme() != "Dark" || m.Notify() {
		t.Fatalf("theme %q notify %v, want Dark and off", m.Theme(), m.Notify())
	}
	dispatch(t, rt, widgets.TabsSelected{ID: "sections", Index: 2, Label: "About"})
	if hasWidget(rt, "theme") || modelOf[TabsDemo](t, rt).Active() != "About" {
		t.Fatal("About did not replace Settings")
	}
	// Settings keep their values across tabs.
	dispatch(t, rt, widgets.TabsSelected{ID: "sections", Index: 1})
	if got := widget[widgets.SelectList](t, rt, "theme").Selected; got != 2 {
		t.Fatalf("theme selection = %d after switching back, want 2", got)
	}
	if widget[widgets.Checkbox](t, rt, "notify").Checked {
		t.Fatal("notify was reset by switching tabs")
	}
}

// settingsScreen is the Settings tab with theme i chosen, styled as a
// terminal draws it.
func settingsScreen(t *testing.T, i int, msgs ...tea.Msg) string {
	t.Helper()
	rt := start(t, NewTabs())
	for _, m := range msgs {
		dispatch(t, rt, m)
	}
	dispatch(t, rt, widgets.TabsSelected{ID: "sections", Index: 1})
	dispatch(t, rt, widgets.SelectListSelected{ID: "theme", Index: i})
	focus(t, rt, "theme")
	return terminal.Layout(rt.Snapshot().View, 80, 20, "theme", "").Styled()
}

func TestTabsThemePickerChangesTheLook(t *testing.T) {
	themes := tabThemes()
	screens := map[string]string{}
	for i, name := range themes {
		screens[name] = settingsScreen(t, i)
	}
	// On a terminal that has said nothing (dark, as assumed), System looks
	// like Dark; every other choice looks different from every other. The
	// tab bar shows it (the lists below differ in the row selected anyway).
	bar := func(screen string) string { return strings.SplitN(screen, "\n", 2)[0] }
	if bar(screens["System"]) != bar(screens["Dark"]) {
		t.Error("System does not look like Dark on a dark terminal")
	}
	for i, a := range themes[1:] {
		for _, b := range themes[i+2:] {
			if bar(screens[a]) == bar(screens[b]) {
				t.Errorf("the %s and %s themes look the same", a, b)
			}
		}
	}
	// On a light terminal, System follows it.
	if got := settingsScreen(t, 0, tea.BackgroundMsg{Dark: false}); bar(got) != bar(screens["Light"]) || bar(got) == bar(screens["Dark"]) {
		t.Error("System does not look like Light once the terminal says its background is light")
	}
}
