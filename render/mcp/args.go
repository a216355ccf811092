package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/facetui/facet/tea"
)

// sessionArg returns the session id in args[key], refusing one that is
// missing, not a string or not a valid id (tea.IDRule), so no tool name or
// URI is ever built from a bad one.
func sessionArg(args map[string]any, key string) (string, error) {
	id, err := stringArg(args, key)
	if err != nil {
		return "", callerError(fmt.Sprintf("%v: a session id (see facet_list)", err))
	}
	if err := tea.CheckID("session", id); err != nil {
		return "", callerError(fmt.Sprintf("%s: %v", key, err))
	}
	return id, nil
}

// stringArg returns args[key], refusing it when it is absent, null or
// empty ("<key> is required") or not a string ("<key> must be a string,
// not <JSON type>").
func stringArg(args map[string]any, key string) (string, error) {
	raw, present := args[key]
	if !present || raw == nil {
		return "", fmt.Errorf("%s is required", key)
	}
	v, ok := raw.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a string, not %s", key, jsonType(raw))
	}
	if v == "" {
		return "", fmt.Errorf("%s is required", key)
	}
	return v, nil
}

// jsonType names the JSON type of a decoded argument.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// session returns the running session args[key] names, refusing one the
// caller on ctx cannot reach (see reachOf).
func (g *startGate) session(ctx context.Context, args map[string]any, key string) (*tea.Session, error) {
	id, err := sessionArg(args, key)
	if err != nil {
		return nil, err
	}
	sess, ok := g.sessions.Get(id)
	if !ok {
		return nil, noSession(id)
	}
	if err := g.reachable(ctx, sess); err != nil {
		return nil, err
	}
	return sess, nil
}

func noSession(id string) error {
	return callerError(fmt.Sprintf("session `%s` is not running; call facet_list to see running sessions", id))
}

func intArg(args map[string]any, key string, def, min, max int) (int, error) {
	v, present := args[key]
	if !present || v == nil {
		return def, nil
	}
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		return 0, fmt.Errorf("%s must be an integer from %d to %d", key, min, max)
	}
	if int(f) < min || int(f) > max {
		return 0, fmt.Errorf("%s %d is out of range: valid %d to %d", key, int(f), min, max)
	}
	return int(f), nil
}
