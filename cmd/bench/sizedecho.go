package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// sizedEchoTool is the bare tool each call kind is also measured against:
// mcp-go answering a text and structured answer of the kind's own size and
// shape (see answerShape), with nothing of Facet's in the way. What a call
// costs beyond it is the server's, not the answer's size: the client's
// decoding of a 9 KB page alone costs many echoes.
const sizedEchoTool = "echo_sized"

// answerShape is what a same-size echo copies of a call's answer: the byte
// length of each text block as JSON escapes it, the byte length of its structured content as
// JSON (0 for none), and how many scalar tokens (object keys, strings,
// numbers, booleans, nulls) that content holds, which the client's decoding
// walks one by one.
type answerShape struct {
	Text       []int `json:"text"`
	Structured int   `json:"structured"`
	Values     int   `json:"values"`
}

// sizedEchoFloor is the smallest structured content a same-size echo
// answers: `{"v":[]}`.
const sizedEchoFloor = len(`{"v":[]}`)

// shapeOf is the shape of res, a successful answer of text blocks and
// optional structured content.
func shapeOf(res *sdk.CallToolResult) (answerShape, error) {
	var s answerShape
	for i, c := range res.Content {
		t, ok := c.(sdk.TextContent)
		if !ok {
			return answerShape{}, fmt.Errorf("content block %d is %T: a same-size echo answers text blocks only", i, c)
		}
		// Its length as the wire carries it: escapes count.
		b, err := json.Marshal(t.Text)
		if err != nil {
			return answerShape{}, fmt.Errorf("content block %d: %w", i, err)
		}
		s.Text = append(s.Text, len(b)-2)
	}
	raw := res.RawStructuredContent
	if raw == nil && res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return answerShape{}, fmt.Errorf("structured content: %w", err)
		}
		raw = b
	}
	if len(raw) == 0 {
		return s, nil
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return answerShape{}, fmt.Errorf("structured content: %w", err)
	}
	s.Structured = compact.Len()
	dec := json.NewDecoder(&compact)
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return answerShape{}, fmt.Errorf("structured content: %w", err)
		}
		if _, delim := tok.(json.Delim); !delim {
			s.Values++
		}
	}
	return s, nil
}

// sizedAnswer is an answer of shape s: text blocks of 'x's, and structured
// content {"v":[...]} of Values-1 strings (with the key, Values scalar
// tokens) padded to Structured bytes. When that many strings do not fit in
// Structured bytes it holds as many as fit, and content of a key alone is
// padded with one number, so the size is always exact.
func sizedAnswer(s answerShape) (*sdk.CallToolResult, error) {
	res := &sdk.CallToolResult{Content: make([]sdk.Content, 0, len(s.Text))}
	for i, n := range s.Text {
		if n < 0 {
			return nil, fmt.Errorf("text block %d of %d bytes: at least 0", i, n)
		}
		res.Content = append(res.Content, sdk.NewTextContent(strings.Repeat("x", n)))
	}
	if s.Structured == 0 {
		return res, nil
	}
	if s.Structured < sizedEchoFloor {
		return nil, fmt.Errorf("structured content of %d bytes: at least %d (%s) or 0", s.Structured, sizedEchoFloor, `{"v":[]}`)
	}
	// Each string costs two quotes and, after the first, a comma.
	k := min(max(s.Values-1, 0), (s.Structured-sizedEchoFloor+1)/3)
	var b strings.Builder
	b.Grow(s.Structured)
	b.WriteString(`{"v":[`)
	if k > 0 {
		pad := s.Structured - sizedEchoFloor - (3*k - 1)
		for i := range k {
			if i > 0 {
				b.WriteByte(',')
			}
			n := pad / k
			if i < pad%k {
				n++
			}
			b.WriteByte('"')
			b.WriteString(strings.Repeat("x", n))
			b.WriteByte('"')
		}
	} else if pad := s.Structured - sizedEchoFloor; pad > 0 {
		// Content with no value but its key is still padded exactly:
		// with one number of pad digits.
		b.WriteString("1" + strings.Repeat("0", pad-1))
	}
	b.WriteString(`]}`)
	res.RawStructuredContent = json.RawMessage(b.String())
	return res, nil
}

// sizedEchoKept bounds how many answers a sizedEcho keeps: a kind's
// answers take a few shapes (get_rows two, a counter's one per digit).
const sizedEchoKept = 64

// sizedEcho is the handler of sizedEchoTool: it answers the answer of the
// shape in its arguments, built once per shape and kept, so that each call
// costs mcp-go's decoding of the request and encoding of the answer.
type sizedEcho struct {
	mu      sync.Mutex
	answers map[string]*sdk.CallToolResult
}

// handle answers the call req.
func (e *sizedEcho) handle(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	key, err := json.Marshal(req.GetArguments())
	if err != nil {
		return sdk.NewToolResultError(fmt.Sprintf("%s: arguments: %v", sizedEchoTool, err)), nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if res, ok := e.answers[string(key)]; ok {
		return res, nil
	}
	var s answerShape
	if err := json.Unmarshal(key, &s); err != nil {
		return sdk.NewToolResultError(fmt.Sprintf("%s: arguments are an answer shape {text, structured, values}: %v", sizedEchoTool, err)), nil
	}
	res, err := sizedAnswer(s)
	if err != nil {
		return sdk.NewToolResultError(fmt.Sprintf("%s: %v", sizedEchoTool, err)), nil
	}
	if e.answers == nil || len(e.answers) >= sizedEchoKept {
		e.answers = map[string]*sdk.CallToolResult{}
	}
	e.answers[string(key)] = res
	return res, nil
}

// args are the arguments of a sizedEchoTool call answering shape s.
func (s answerShape) args() map[string]any {
	text := make([]any, len(s.Text))
	for i, n := range s.Text {
		text[i] = n
	}
	return map[string]any{"text": text, "structured": s.Structured, "values": s.Values}
}
