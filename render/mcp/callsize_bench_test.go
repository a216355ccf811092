package mcp

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// wideCounter is a counter beside n checkboxes that never change: a view
// whose size a call should not pay for.
type wideCounter struct {
	n, count int
}

func (c wideCounter) Init() tea.Cmd { return nil }

func (c wideCounter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(incMsg); ok {
		c.count++
	}
	return c, nil
}

func (c wideCounter) View() tea.Node {
	items := make([]tea.Node, 0, c.n+2)
	items = append(items, widgets.Button{ID: "inc", Label: "+", OnClick: incMsg{}}, countText{id: "count", text: strconv.Itoa(c.count)})
	for i := range c.n {
		items = append(items, widgets.Checkbox{ID: "c" + strconv.Itoa(i), Label: "option " + strconv.Itoa(i)})
	}
	return tea.Column{Items: items}
}

// BenchmarkCallByViewSize is a derived write (a click) and a derived read
// (get_checked) from the call to its answer, inside the server, in views of
// 10 and 1000 other widgets: allocations per call should not grow with the
// view. A click's figures include the app's own View, which builds every
// widget again; app_view is that alone, to subtract.
func BenchmarkCallByViewSize(b *testing.B) {
	for _, n := range []int{10, 1000} {
		b.Run(fmt.Sprintf("app_view/widgets=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			m := wideCounter{n: n}
			for b.Loop() {
				_ = m.View()
			}
		})
		srv, err := New(Options{ToolNames: NamesDotted, Auth: AuthOptions{Authorizer: AllowAll()}})
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		id := "w" + strconv.Itoa(n)
		if _, err := srv.StartSession(ctx, id, "wide", wideCounter{n: n}); err != nil {
			b.Fatal(err)
		}
		for _, call := range []struct{ name, tool string }{{"click", id + ".inc.click"}, {"get_checked", id + ".c0.get_checked"}} {
			b.Run(fmt.Sprintf("%s/widgets=%d", call.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := srv.callTool(ctx, call.tool, callInput{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		srv.Sessions().StopAll()
	}
}
