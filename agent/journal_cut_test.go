package agent

import (
	"strings"
	"testing"
)

// TestJournalKeepsAnswersUpToTheLimit: an answer of maxAnswer bytes is
// kept whole; a longer one is cut to maxAnswer and marked.
func TestJournalKeepsAnswersUpToTheLimit(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{maxAnswer - 1, strings.Repeat("x", maxAnswer-1)},
		{maxAnswer, strings.Repeat("x", maxAnswer)},
		{maxAnswer + 1, strings.Repeat("x", maxAnswer) + "…"},
	}
	for _, tc := range tests {
		j := NewJournal(nil)
		if e := j.Add(Entry{Kind: KindCall, Answer: strings.Repeat("x", tc.n)}); e.Answer != tc.want {
			t.Errorf("an answer of %d bytes kept as %d bytes", tc.n, len(e.Answer))
		}
	}
}
