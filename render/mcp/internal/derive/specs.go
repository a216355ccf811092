package derive

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/facetui/facet/tea"
)

// maxSharedSpecs bounds the specs a Registry shares: apps whose actions'
// schemas change with their data (an enum of the rows shown) make new
// ones, which are then built for their tool alone.
const maxSharedSpecs = 4096

// specs shares, between the sessions of one Registry, what derived tools
// of the same spec have in common: the cleaned input schema, the output
// schema, their JSON as clients get it, and the cleaned description. Ten
// thousand sessions of one app hold one copy of each of its tools'
// schemas, not ten thousand. The shared maps and bytes are never changed
// once built.
type specs struct {
	mu     sync.Mutex
	byKey  map[string]*sharedSpec
	discov *sharedSpec
}

// sharedSpec is what the tools of one spec share.
type sharedSpec struct {
	description            string
	input, output          map[string]any
	js                     toolJSON
	sensitive, destructive bool
}

// derived returns the shared part of a derived tool built from action a,
// building it the first time. An action whose spec is not plain JSON is
// built for the caller alone.
func (c *specs) derived(a tea.Action) (*sharedSpec, error) {
	key, ok := specKey(a)
	if ok {
		c.mu.Lock()
		sp := c.byKey[key]
		c.mu.Unlock()
		if sp != nil {
			return sp, nil
		}
	}
	sp, err := buildSpec(a)
	if err != nil || !ok {
		return sp, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if had := c.byKey[key]; had != nil {
		return had, nil
	}
	if c.byKey == nil {
		c.byKey = map[string]*sharedSpec{}
	}
	if len(c.byKey) < maxSharedSpecs {
		c.byKey[key] = sp
	}
	return sp, nil
}

// discover is the shared part of every session's discover_tools.
func (c *specs) discover() *sharedSpec {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.discov == nil {
		c.discov = finish(&sharedSpec{
			description: "Find this session's tools by keyword.",
			input: map[string]any{"type": "object", "properties": map[string]any{
				"query": map[string]any{"type": "string"},
			}},
			output: map[string]any{"type": "object", "required": []any{"tools"}},
		})
	}
	return c.discov
}

// buildSpec cleans a's spec: what build did for every tool of every
// session.
func buildSpec(a tea.Action) (*sharedSpec, error) {
	schema, err := CleanSchema(a.InputSchema)
	if err != nil {
		return nil, err
	}
	sp := &sharedSpec{
		description: CleanText(a.Description),
		input:       schema,
		output:      ReadSchema(),
		sensitive:   a.Annotations["sensitive"] == true,
		destructive: a.Annotations["destructiveHint"] == true,
	}
	if a.OutputSchema != nil {
		sp.output = a.OutputSchema
	}
	if sp.sensitive || sp.destructive {
		sp.output = WriteSchema()
	}
	return finish(sp), nil
}

// finish computes sp's JSON, so that no tool sharing it computes its own.
func finish(sp *sharedSpec) *sharedSpec {
	t := Tool{InputSchema: sp.input, OutputSchema: sp.output}
	sp.js = toolJSON{schema: t.Schema(), output: t.Output()}
	return sp
}

// specKey names what buildSpec builds from a: its description and its
// schemas as JSON (whose keys are sorted; a nil map writes nothing, an
// empty one {}). ok is false when they are not plain JSON.
func specKey(a tea.Action) (key string, ok bool) {
	var b strings.Builder
	b.WriteString(a.Description)
	for _, m := range []map[string]any{a.InputSchema, a.OutputSchema, a.Annotations} {
		b.WriteByte(0)
		if m == nil {
			continue
		}
		j, err := json.Marshal(m)
		if err != nil {
			return "", false
		}
		b.Write(j)
	}
	return b.String(), true
}
