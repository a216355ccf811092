package widgets_test

import "testing"

// BenchmarkKeyMapHandleKeyAndHelp asks each kind of widget about a key
// and for its help line, as the terminal does on every key and frame.
func BenchmarkKeyMapHandleKeyAndHelp(b *testing.B) {
	for _, tc := range keyedWidgets() {
		b.Run(tc.kind, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if tc.w.HandleKey(unboundKey) != nil || len(tc.w.ShortHelp()) == 0 {
					b.Fatal("an unbound key answered, or no help")
				}
			}
		})
	}
}
