package mcp

import (
	"sync"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/toolname"
)

// maxToolMetas bounds the _meta objects a server shares between tools.
const maxToolMetas = 4096

// toolMetas shares a tool's _meta (sensitive, and a derived tool's widget
// and action) between the tools that have the same: the same widget's
// action in every session of an app. Ten thousand idle sessions held ten
// thousand copies of each. A shared _meta is never changed (withUI copies
// it).
type toolMetas struct {
	mu sync.Mutex
	by map[toolMetaKey]*sdk.Meta
}

// toolMetaKey is what a tool's _meta says.
type toolMetaKey struct {
	sensitive, derived bool
	widget, action     string
}

// of returns the _meta of a tool with k, nil when it says nothing.
func (m *toolMetas) of(k toolMetaKey) *sdk.Meta {
	if !k.sensitive && !k.derived {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if meta := m.by[k]; meta != nil {
		return meta
	}
	fields := map[string]any{}
	if k.sensitive {
		fields["sensitive"] = true
	}
	if k.derived {
		fields[toolname.MetaWidget], fields[toolname.MetaAction] = k.widget, k.action
	}
	meta := &sdk.Meta{AdditionalFields: fields}
	if m.by == nil {
		m.by = map[toolMetaKey]*sdk.Meta{}
	}
	if len(m.by) < maxToolMetas {
		m.by[k] = meta
	}
	return meta
}
