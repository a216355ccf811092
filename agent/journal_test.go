package agent

import (
	"fmt"
	"strings"
	"testing"
)

func TestJournalKeepsTheLastThousandAndCountsAll(t *testing.T) {
	tests := []struct {
		name      string
		add       int
		wantKept  int
		wantFirst int
	}{
		{"empty", 0, 0, 0},
		{"under the bound", 10, 10, 1},
		{"exactly the bound", JournalSize, JournalSize, 1},
		{"over the bound", JournalSize + 250, JournalSize, 251},
		{"twice over", 2*JournalSize + 3, JournalSize, JournalSize + 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changes := 0
			j := NewJournal(func() { changes++ })
			for i := range tt.add {
				j.Note(fmt.Sprint(i))
			}
			got, total := j.Entries()
			if len(got) != tt.wantKept || total != tt.add || changes != tt.add {
				t.Fatalf("kept %d, total %d, changes %d; want %d, %d, %d", len(got), total, changes, tt.wantKept, tt.add, tt.add)
			}
			if len(got) == 0 {
				return
			}
			if got[0].Seq != tt.wantFirst || got[len(got)-1].Seq != tt.add {
				t.Fatalf("entries %d..%d, want %d..%d", got[0].Seq, got[len(got)-1].Seq, tt.wantFirst, tt.add)
			}
			for i := 1; i < len(got); i++ {
				if got[i].Seq != got[i-1].Seq+1 {
					t.Fatalf("entry %d has seq %d after %d", i, got[i].Seq, got[i-1].Seq)
				}
			}
			if last, _ := j.Last(); last.Seq != tt.add {
				t.Fatalf("Last = %d, want %d", last.Seq, tt.add)
			}
		})
	}
}

func TestJournalCutsLongAnswers(t *testing.T) {
	j := NewJournal(nil)
	e := j.Add(Entry{Kind: KindCall, Answer: strings.Repeat("x", 5000)})
	if len(e.Answer) > maxAnswer+len("…") {
		t.Fatalf("answer kept %d bytes, want at most %d", len(e.Answer), maxAnswer)
	}
}

func TestSplitTool(t *testing.T) {
	tests := []struct {
		session, name  string
		widget, action string
		ok             bool
	}{
		{"demo", "demo.results.sort", "results", "sort", true},
		{"demo", "demo.results.get_rows", "results", "get_rows", true},
		{"demo", "demo_results_get_rows", "results", "get_rows", true},
		{"demo", "demo_my_list_get_visible_range", "my_list", "get_visible_range", true},
		{"demo", "demo_inc_click", "inc", "click", true},
		{"demo", "demo.discover_tools", "", "", false},
		{"demo", "demo_discover_tools", "", "", false},
		{"demo", "demox.inc.click", "", "", false},
		{"demo", "other.inc.click", "", "", false},
		{"demo", "facet_list", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, a, ok := SplitTool(tt.session, tt.name)
			if w != tt.widget || a != tt.action || ok != tt.ok {
				t.Fatalf("SplitTool(%q, %q) = %q, %q, %v; want %q, %q, %v", tt.session, tt.name, w, a, ok, tt.widget, tt.action, tt.ok)
			}
		})
	}
}

func TestCheckID(t *testing.T) {
	tests := []struct {
		id   string
		want string
	}{
		{"a1", ""},
		{"explorer-2_x", ""},
		{"agent", "reserved"},
		{"facet", "reserved"},
		{"", "invalid"},
		{"a.b", "invalid"},
		{strings.Repeat("x", 33), "invalid"},
		{"a\nb", "invalid"},
	}
	for _, tt := range tests {
		err := CheckID(tt.id)
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckID(%q) = %v, want %q", tt.id, err, tt.want)
		}
	}
}

func TestMarker(t *testing.T) {
	i := Info{ID: "a1", Kind: "explorer", Steps: 12, LastAction: "clicked inc", Status: StatusRunning}
	if got, want := i.Marker(), "explorer a1: clicked inc · 12 steps"; got != want {
		t.Fatalf("Marker = %q, want %q", got, want)
	}
}
