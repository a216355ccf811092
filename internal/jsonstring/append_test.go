package jsonstring

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzAppendString checks Append against encoding/json.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "<a & b>", "\"quoted\" \\ back", "\b\f\n\r\t\x00\x1f", "\u2028\u2029", "caf\xc3", "\xff\xfe", "héllo 世界 🎉"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := Append(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("Append(%q) = %s, json.Marshal %s", s, got, want)
		}
	})
}
