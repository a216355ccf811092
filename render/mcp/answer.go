package mcp

import (
	"errors"

	"github.com/facetui/facet/render/mcp/derive"
)

// Answer is what a tool call answers, in Facet's own terms: text blocks for
// the model to read and, when there is one, a typed value (a read's value, a
// WriteResult, a screen's facts). adapter.go puts it on the wire.
type Answer struct {
	// Text is the answer's text blocks, in order.
	Text []string
	// Value is the structured content, or nil.
	Value any
}

// answer is an Answer of one text block and a value.
func answer(v any, text string) Answer { return Answer{Text: []string{text}, Value: v} }

// ErrorKind says whose problem a failed call is.
type ErrorKind int

// Error kinds.
const (
	// KindCaller is the caller's mistake (bad arguments, a widget that left
	// the view, a session that is not running): the app never ran.
	KindCaller ErrorKind = iota
	// KindFault is the app's failure (a panic, an invalid model, a timeout).
	KindFault
	// KindRefused is a refusal by authorization or the sensitive-tool
	// guard; Detail carries its machine-readable code.
	KindRefused
)

// CallError is a tool call that failed, with its kind and the message the
// caller reads.
type CallError struct {
	Kind    ErrorKind
	Message string
	// Detail is structured content sent with the error, or nil.
	Detail map[string]any
}

func (e *CallError) Error() string { return e.Message }

// callerError is a caller's mistake with message msg.
func callerError(msg string) *CallError { return &CallError{Kind: KindCaller, Message: msg} }

// faultError is the app's failure with message msg.
func faultError(msg string) *CallError { return &CallError{Kind: KindFault, Message: msg} }

// outcome is how a call that ended with err went, as the breaker counts it.
func outcome(err error) derive.Outcome {
	var ce *CallError
	switch {
	case err == nil:
		return derive.Success
	case errors.As(err, &ce) && ce.Kind == KindFault:
		return derive.Fault
	}
	return derive.CallerError
}
