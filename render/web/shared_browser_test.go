package web_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// agentCall is what an agent's tool call does to a session: resolve the
// widget in the view as it is now, invoke the action, dispatch a write.
func agentCall(ctx context.Context, sess *tea.Session, agent, id, action string, args map[string]any) error {
	if _, err := sess.Dispatch(ctx, tea.AttachAgentMsg{Agent: agent}); err != nil {
		return err
	}
	w, ok := tea.FindWidget(sess.Snapshot().View, id)
	if !ok {
		return fmt.Errorf("no widget %q in view", id)
	}
	tp, ok := w.(tea.ToolProvider)
	if !ok {
		return fmt.Errorf("widget %q offers no tools", id)
	}
	res, err := tp.Invoke(action, args)
	if err != nil {
		return err
	}
	// As render/mcp dispatches a call: as the agent's message.
	_, err = sess.Dispatch(ctx, tea.AgentMsg{Agent: agent, Msg: res.Msg()})
	return err
}

// results is the search demo's table as the agent sees it.
func results(sess *tea.Session) (widgets.Table, error) {
	w, ok := tea.FindWidget(sess.Snapshot().View, "results")
	if !ok {
		return widgets.Table{}, fmt.Errorf("%w: no results table in view", errNotYet)
	}
	tb, ok := w.(widgets.Table)
	if !ok {
		return widgets.Table{}, fmt.Errorf("results is a %T", w)
	}
	return tb, nil
}

func TestBrowserAndAgentSeeEachOthersActions(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground"}})
	ctx := browser(t)
	id := open(t, ctx, s.URL)
	sess := session(t, s, id)
	bg := context.Background()

	// The agent attaches: the person sees it.
	if _, err := sess.Dispatch(bg, tea.AttachAgentMsg{Agent: "agent-1"}); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, `(document.getElementById("agents") || {}).textContent === "● agent attached"`)

	// The person opens the search demo; the agent sees it open.
	press(t, ctx, kb.Enter)
	until(t, "the agent sees the search demo", func() error { _, err := results(sess); return err })

	// The agent searches; the person sees the results change.
	if err := agentCall(bg, sess, "agent-1", "search", "type_into", map[string]any{"text": "rust"}); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, jsID("w:search:input")+`.value === "rust"`)
	if err := agentCall(bg, sess, "agent-1", "submit", "click", nil); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, jsID("w:status")+`.textContent.includes("“rust”")`)
	tb, _ := results(sess)
	if n := browsertest.Poll[int](t, ctx, rowCount); n != len(tb.Rows) {
		t.Fatalf("the page shows %d rows, the agent %d", n, len(tb.Rows))
	}

	// The person sorts by a click; the agent sees the order.
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`[id="w:results:h:name"] button`)))
	until(t, "the agent sees the table sorted by name", func() error {
		tb, err := results(sess)
		if err != nil {
			return err
		}
		if tb.SortColumn != "name" || tb.SortDirection != widgets.SortAsc {
			return fmt.Errorf("%w: sorted by %s %s", errNotYet, tb.SortColumn, tb.SortDirection)
		}
		return nil
	})

	// The person detaches agents with the page's control: the agent is
	// refused until the person lets it back with the detach key.
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`#detach`)))
	until(t, "agents blocked", func() error {
		if !sess.Snapshot().Presence.Blocked {
			return errNotYet
		}
		return nil
	})
	browsertest.Poll[bool](t, ctx, `document.getElementById("agents").textContent === "agents detached"`)
	if err := agentCall(bg, sess, "agent-1", "results", "select_row", map[string]any{"index": 1}); !errors.Is(err, tea.ErrAgentsBlocked) {
		t.Fatalf("an agent's call while detached: %v, want ErrAgentsBlocked", err)
	}
	browsertest.Do(t, ctx, chromedp.KeyEvent("]", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	until(t, "agents allowed again", func() error {
		if sess.Snapshot().Presence.Blocked {
			return errNotYet
		}
		return nil
	})
	if err := agentCall(bg, sess, "agent-1", "results", "select_row", map[string]any{"index": 1}); err != nil {
		t.Fatalf("an agent's call once allowed again: %v", err)
	}
	browsertest.Poll[bool](t, ctx, jsID("w:results:r1")+`.getAttribute("aria-selected") === "true"`)
}

func TestBrowserTabsAreSessionsOfTheirOwn(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground"}})
	ctx := browser(t)
	first := open(t, ctx, s.URL)
	// A second tab is a second WebSocket: a page's client speaks the same.
	other := dial(t, s.URL)
	if first != "web1" || other.session != "web2" {
		t.Fatalf("two tabs' sessions: %q and %q, want web1 and web2", first, other.session)
	}
	sess := session(t, s, "web2")
	if sess.App != "playground" {
		t.Fatalf("web2's app = %q, want playground", sess.App)
	}
	// Closing a tab stops its session, and only its own.
	other.close()
	until(t, "web2 stops with its tab", func() error {
		if _, ok := s.Sessions.Get("web2"); ok {
			return errNotYet
		}
		return nil
	})
	if _, ok := s.Sessions.Get("web1"); !ok {
		t.Fatal("web1 stopped with the other tab")
	}
}
