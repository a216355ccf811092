package main

import "strings"

// walkSession uses every tool of session id as a person exploring it
// would, in two rounds so that what the first opens (a tab, a dialog) is
// used in the second: it selects each tab of a tab bar (up to eight),
// clicks every button and calls every read and discover_tools. names is
// the tools listed now, sorted; call calls one and reports whether it
// answered without an error.
func walkSession(id string, names func() []string, call func(name string, args map[string]any) bool) {
	done := map[string]bool{}
	for range 2 {
		for _, n := range names() {
			if !strings.HasPrefix(n, id+"_") || done[n] {
				continue
			}
			done[n] = true
			switch {
			case strings.HasSuffix(n, "_select_tab"):
				for k := 0; k < 8 && call(n, map[string]any{"index": k}); k++ {
				}
			case strings.HasSuffix(n, "_click"), strings.Contains(n, "_get_"), strings.HasSuffix(n, "_discover_tools"):
				call(n, nil)
			}
		}
	}
}
