package mcptest

import (
	"fmt"

	"github.com/facetui/facet/render/mcp/toolname"
)

// write runs the derived write tool <session>.<widget>.<action> as a step.
func (s *Session) write(step, widget, action string, args map[string]any) *Session {
	s.t.Helper()
	s.run(step, widget, toolname.ToolName(s.id, widget, action), args)
	return s.next()
}

// TypeInto replaces the text of a TextInput, PasswordField or TextArea
// (type_into).
func (s *Session) TypeInto(id, text string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("TypeInto(%q, %s)", id, s.quoteFor(id, text)), id, "type_into", map[string]any{"text": text})
}

// Clear empties a TextInput, PasswordField or TextArea (clear).
func (s *Session) Clear(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Clear(%q)", id), id, "clear", nil)
}

// Click presses a Button (click).
func (s *Session) Click(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Click(%q)", id), id, "click", nil)
}

// Select selects the option at index of a SelectList (select).
func (s *Session) Select(id string, index int) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Select(%q, %d)", id, index), id, "select", map[string]any{"index": index})
}

// SelectItem chooses the item itemID of a Menu, at any depth (select).
func (s *Session) SelectItem(id, itemID string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("SelectItem(%q, %q)", id, itemID), id, "select", map[string]any{"item_id": itemID})
}

// Toggle flips a Checkbox (toggle).
func (s *Session) Toggle(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Toggle(%q)", id), id, "toggle", nil)
}

// SelectRow selects the row at index of a Table, in display order
// (select_row).
func (s *Session) SelectRow(id string, index int) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("SelectRow(%q, %d)", id, index), id, "select_row", map[string]any{"index": index})
}

// Sort sorts a Table by the column key, direction "asc" or "desc" (sort).
func (s *Session) Sort(id, column, direction string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Sort(%q, %q, %q)", id, column, direction), id, "sort",
		map[string]any{"column": column, "direction": direction})
}

// Expand opens the node nodeID of a Tree (expand).
func (s *Session) Expand(id, nodeID string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Expand(%q, %q)", id, nodeID), id, "expand", map[string]any{"node_id": nodeID})
}

// Collapse closes the node nodeID of a Tree (collapse).
func (s *Session) Collapse(id, nodeID string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Collapse(%q, %q)", id, nodeID), id, "collapse", map[string]any{"node_id": nodeID})
}

// SelectNode selects the node nodeID of a Tree (select_node).
func (s *Session) SelectNode(id, nodeID string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("SelectNode(%q, %q)", id, nodeID), id, "select_node", map[string]any{"node_id": nodeID})
}

// Seek moves a Scrubber to position (seek).
func (s *Session) Seek(id string, position int) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Seek(%q, %d)", id, position), id, "seek", map[string]any{"position": position})
}

// Play starts a Scrubber playing (play).
func (s *Session) Play(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Play(%q)", id), id, "play", nil)
}

// Pause pauses a Scrubber (pause).
func (s *Session) Pause(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Pause(%q)", id), id, "pause", nil)
}

// SelectTab activates the tab at index of a Tabs (select_tab).
func (s *Session) SelectTab(id string, index int) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("SelectTab(%q, %d)", id, index), id, "select_tab", map[string]any{"index": index})
}

// ScrollTo scrolls a Viewport so that row is its top line (scroll_to).
func (s *Session) ScrollTo(id string, row int) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("ScrollTo(%q, %d)", id, row), id, "scroll_to", map[string]any{"row": row})
}

// Confirm confirms a visible Modal (confirm).
func (s *Session) Confirm(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Confirm(%q)", id), id, "confirm", nil)
}

// Dismiss dismisses a visible Modal (dismiss).
func (s *Session) Dismiss(id string) *Session {
	s.t.Helper()
	return s.write(fmt.Sprintf("Dismiss(%q)", id), id, "dismiss", nil)
}

// SendKey presses a key as a user at the terminal would (facet_send_key):
// "tab" moves focus, anything else goes to the focused widget. key is one
// character or a named key, with optional modifiers: "a", "enter",
// "shift+tab", "ctrl+u".
func (s *Session) SendKey(key string) *Session {
	s.t.Helper()
	s.run(fmt.Sprintf("SendKey(%q)", key), s.sess.Snapshot().Focus, "facet_send_key", map[string]any{"key": key})
	return s.next()
}

// Call calls any tool by name with args and returns its answer. A derived
// tool may be named without the session prefix ("results.sort"); the
// facet_* tools that take the session id get it unless args has one. An
// error answer fails the test unless ExpectError came before.
func (s *Session) Call(tool string, args map[string]any) *Result {
	s.t.Helper()
	name := s.tool(tool)
	widget := ""
	if _, w, _, ok := toolname.SplitToolName(name); ok {
		widget = w
	}
	res, _ := s.run(fmt.Sprintf("Call(%q)", tool), widget, name, args)
	return res
}
