package llm

import (
	"crypto/rand"
	"regexp"
)

// dataTag names the block app content is sent to the model in.
const dataTag = "untrusted-app-data"

// dataTagRe finds the tag's name in any letter case.
var dataTagRe = regexp.MustCompile(`(?i)` + regexp.QuoteMeta(dataTag))

// fence marks what the app shows (the screen, every tool result) as data
// for the model: one block between an opening and a closing line that
// carry a random nonce, so that text other clients type into a shared
// session can neither guess where the block ends nor close it.
type fence struct {
	nonce   string
	nonceRe *regexp.Regexp
}

// newFence returns a fence with a fresh random nonce.
func newFence() fence {
	nonce := rand.Text()
	return fence{nonce: nonce, nonceRe: regexp.MustCompile(`(?i)` + regexp.QuoteMeta(nonce))}
}

// open is the line a data block starts with.
func (f fence) open() string { return "<" + dataTag + " " + f.nonce + ">" }

// close is the line a data block ends with.
func (f fence) close() string { return "</" + dataTag + " " + f.nonce + ">" }

// wrap returns text as one data block. Inside it, the nonce and the tag's
// name are rewritten, so that the closing line (or one that reads like it)
// appears only where the block ends.
func (f fence) wrap(text string) string {
	text = dataTagRe.ReplaceAllLiteralString(text, "quoted-app-data")
	text = f.nonceRe.ReplaceAllLiteralString(text, "[nonce]")
	return f.open() + "\n" + text + "\n" + f.close()
}
