package transport

import (
	"strings"
	"testing"
	"time"
)

func TestHTTPSessionIDsAreIssuedTrackedAndForgotten(t *testing.T) {
	now := time.Unix(0, 0)
	var ended []string
	h := NewHTTPSessions(time.Minute, func() time.Time { return now }, func(id string) { ended = append(ended, id) })
	a, b := h.Generate(), h.Generate()
	if a == b || !strings.HasPrefix(a, SessionPrefix) || len(a) != len(SessionPrefix)+32 {
		t.Fatalf("ids %q, %q", a, b)
	}
	tests := []struct {
		name           string
		id             string
		wantTerminated bool
		wantErr        bool
	}{
		{"issued", a, false, false},
		{"never issued", SessionPrefix + strings.Repeat("0", 32), false, true},
		{"empty", "", false, true},
	}
	for _, tc := range tests {
		term, err := h.Validate(tc.id)
		if term != tc.wantTerminated || (err != nil) != tc.wantErr {
			t.Fatalf("%s: Validate = %v, %v", tc.name, term, err)
		}
	}
	_, _ = h.Terminate(a)
	_, _ = h.Terminate(a) // twice: ends once
	if term, err := h.Validate(a); !term || err != nil {
		t.Fatalf("an ended id: %v, %v; want terminated", term, err)
	}
	if len(ended) != 1 || ended[0] != a {
		t.Fatalf("onEnd calls: %v", ended)
	}
	now = now.Add(2 * time.Minute)
	h.Generate() // prunes
	if term, err := h.Validate(a); term || err == nil {
		t.Fatalf("an id ended long ago: %v, %v; want unknown", term, err)
	}
	if term, err := h.Validate(b); term || err != nil {
		t.Fatalf("a live id is never forgotten: %v, %v", term, err)
	}
}
