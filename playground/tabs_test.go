package playground

import (
	"slices"
	"testing"

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
	dispatch(t, rt, widgets.TabSelected{ID: "sections", Index: 2, Label: "About"})
	if hasWidget(rt, "theme") || modelOf[TabsDemo](t, rt).Active() != "About" {
		t.Fatal("About did not replace Settings")
	}
	// Settings keep their values across tabs.
	dispatch(t, rt, widgets.TabSelected{ID: "sections", Index: 1})
	if got := widget[widgets.SelectList](t, rt, "theme").Selected; got != 2 {
		t.Fatalf("theme selection = %d after switching back, want 2", got)
	}
	if widget[widgets.Checkbox](t, rt, "notify").Checked {
		t.Fatal("notify was reset by switching tabs")
	}
}
