package web

import (
	"fmt"
	"strconv"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// RootID is the DOM id of the element a page's first patch fills.
const RootID = "facet"

// page draws one snapshot of a session as elements. A masked widget's value
// is never among them; what the app draws elsewhere is drawn as it is, as
// in the terminal.
type page struct {
	snap tea.Snapshot
	chrome
	// used are the DOM ids given out, so two widgets that share an id
	// still get elements of their own.
	used map[string]bool
}

// chrome is what a page shows besides the app.
type chrome struct {
	// session names the session on the bar.
	session string
	// title is the app's name for people: the page's level-one heading,
	// for screen readers (none when empty).
	title string
	// agents shows the agent status and the detach control: agents can
	// reach the session and one has come.
	agents bool
	// problem is the last event the runtime refused, and mistakes in the
	// app's tree, shown on the bar.
	problem string
	// announce is what the live region says: what an agent changed.
	announce string
	// people says who shares the session ("● shared: ada (host), bob").
	people string
	// share is the inviter's sharing controls, nil for a guest's tab or a
	// server that shares nothing.
	share *shareChrome
}

// shareChrome is what the inviter's tab shows of the sharing.
type shareChrome struct {
	// link is the invitation's link, shown to this tab alone, and when
	// it expires.
	link    string
	expires time.Time
	// shared: a guest is in the session; readOnly: guests only watch.
	shared, readOnly bool
}

// paint draws s as the page's root element with its chrome.
func paint(s tea.Snapshot, c chrome) *element {
	p := &page{snap: s, chrome: c, used: map[string]bool{}}
	app := tag("main", "app", a("class", "app"))
	if c.title != "" {
		app.with(tag("h1", "title", a("class", "sr-only")).withText(c.title))
	}
	app.with(p.node(s.View, "0"))
	return tag("div", RootID, a("class", "facet")).with(app, p.bar())
}

// node draws one node of the tree; path is its position, for the DOM id of
// nodes that have no widget id.
func (p *page) node(n tea.Node, path string) *element {
	if n == nil {
		return nil
	}
	if w, ok := n.(tea.Widget); ok {
		return p.widget(w)
	}
	id := "n:" + path
	kids := func(e *element, items []tea.Node) *element {
		for i, c := range items {
			e.with(p.node(c, path+"."+strconv.Itoa(i)))
		}
		return e
	}
	switch n := n.(type) {
	case tea.Column:
		return kids(tag("div", id, a("class", "col"), gapStyle(n.Gap, "lh")), n.Items)
	case tea.Row:
		e := tag("div", id, a("class", "row"), gapStyle(n.Gap, "ch"))
		for i, c := range n.Items {
			cell := tag("div", id+"/"+strconv.Itoa(i), a("class", "cell"))
			if s, ok := c.(tea.Sized); ok && s.FixedWidth() > 0 {
				cell = tag("div", id+"/"+strconv.Itoa(i), a("class", "cell fixed"), a("style", fmt.Sprintf("flex-basis:%dch", s.FixedWidth())))
			}
			e.with(cell.with(p.node(c, path+"."+strconv.Itoa(i))))
		}
		return e
	case tea.Box:
		e := tag("section", id, a("class", classes("box", when(n.NoBorder, "plain"))))
		if n.Title != "" {
			e.with(tag("h2", id+"/title", a("class", "box-title")).withText(n.Title))
		}
		return e.with(p.node(n.Child, path+".0"))
	case tea.Text:
		return tag("p", id, a("class", classes("text", when(n.Bold, "bold"), when(n.Muted, "muted")))).withText(n.Content)
	case tea.Spacer:
		return tag("div", id, a("class", "spacer"), a("style", fmt.Sprintf("height:%dlh;width:%dch", n.Lines, n.Cols)), a("aria-hidden", "true"))
	}
	return kids(tag("div", id, a("class", "group")), n.Children())
}

// gapStyle is a container's gap in unit ("lh" for lines, "ch" for columns).
func gapStyle(gap int, unit string) attr {
	if gap <= 0 {
		return attr{}
	}
	return a("style", fmt.Sprintf("gap:%d%s", gap, unit))
}

// widgetID returns the DOM id of the widget id: "w:" and the id, or, for a
// second widget with the same id, one made unique.
func (p *page) widgetID(id string) string {
	dom := "w:" + id
	for i := 2; p.used[dom]; i++ {
		dom = fmt.Sprintf("w:%s~%d", id, i)
	}
	p.used[dom] = true
	return dom
}

// DOMID is the DOM id of the element that draws the widget id (the first
// widget with that id in view).
func DOMID(widgetID string) string { return "w:" + widgetID }

// shortHelper is implemented by widgets that list their keys for the help
// line, as Bubbles components do.
type shortHelper interface {
	ShortHelp() []key.Binding
}

// bar is the line under the app: the session, the newest notification, the
// agents and their detach control, a refused event, and the focused
// widget's keys.
func (p *page) bar() *element {
	bar := tag("footer", "bar", a("class", "bar"))
	status := tag("div", "status", a("class", "status"), a("role", "status"), a("aria-live", "polite"))
	status.with(tag("span", "session", a("class", "session")).withText("session " + p.session))
	if n := len(p.snap.Notifications); n > 0 {
		last := p.snap.Notifications[n-1]
		note := last.Level.Symbol() + " " + last.Text
		if n > 1 {
			note += fmt.Sprintf(" (+%d)", n-1)
		}
		status.with(tag("span", "note", a("class", "note")).withText(note))
	}
	if p.agents {
		label, control := agentStatus(p.snap), "Detach agents"
		if p.snap.Presence.Blocked {
			control = "Allow agents"
		}
		if label != "" {
			status.with(tag("span", "agents", a("class", "agents")).withText(label))
		}
		status.with(tag("button", "detach", a("type", "button"), a("class", "control"), a("data-ctl", "detach"),
			a("title", "ctrl+] also detaches agents, and lets them back"), a("tabindex", "-1")).withText(control))
	}
	if p.people != "" {
		status.with(tag("span", "people", a("class", "agents")).withText(p.people))
	}
	if sh := p.share; sh != nil {
		status.with(tag("button", "share", a("type", "button"), a("class", "control"), a("data-ctl", "share"), a("tabindex", "-1"),
			a("title", "a one-time link that lets another person see and drive this session")).withText("Invite"))
		if sh.shared {
			ro := "Guests read-only"
			if sh.readOnly {
				ro = "Let guests drive"
			}
			status.with(tag("button", "readonly", a("type", "button"), a("class", "control"), a("data-ctl", "readonly"), a("tabindex", "-1")).withText(ro),
				tag("button", "unshare", a("type", "button"), a("class", "control"), a("data-ctl", "unshare"), a("tabindex", "-1")).withText("End sharing"))
		}
	}
	if p.problem != "" {
		status.with(tag("span", "problem", a("class", "problem"), a("role", "alert")).withText(p.problem))
	}
	// The live region is always there, so that a screen reader hears
	// each new text in it; only its text is ever replaced.
	live := tag("div", "announce", a("class", "sr-only"), a("role", "status"), a("aria-live", "polite"), a("aria-atomic", "true")).
		with(tag("span", "announce:text").withText(p.announce))
	bar.with(status)
	if sh := p.share; sh != nil && sh.link != "" {
		bar.with(tag("div", "invite", a("class", "invite")).with(
			tag("label", "invite:label", a("for", "invite-link")).withText("Invite link, for one person, once, until "+sh.expires.Format("15:04")+":"),
			tag("input", "invite-link", a("type", "text"), a("readonly", "readonly"), a("value", sh.link), a("tabindex", "-1"), a("size", "60"))))
	}
	return bar.with(live, p.help())
}

// agentStatus is what the person sees about agents: "● agent attached",
// "● 2 agents attached", "agents detached", or "".
func agentStatus(s tea.Snapshot) string {
	switch {
	case s.Presence.Blocked:
		return "agents detached"
	case len(s.Presence.Agents) == 1:
		return "● agent attached"
	case len(s.Presence.Agents) > 1:
		return fmt.Sprintf("● %d agents attached", len(s.Presence.Agents))
	}
	return ""
}

// help is the focused widget's keys, then the app's own (its ShortHelp,
// as a bubbles/help KeyMap lists them), as the terminal's help line shows
// them.
func (p *page) help() *element {
	e := tag("div", "help", a("class", "help"))
	var bindings []key.Binding
	if w, ok := tea.FindWidget(p.snap.View, p.snap.Focus); ok && p.snap.Focus != "" {
		if h, ok := w.(shortHelper); ok {
			bindings = append(bindings, h.ShortHelp()...)
		}
	}
	if km, ok := p.snap.Model.(help.KeyMap); ok {
		bindings = append(bindings, appHelp(km)...)
	}
	n := 0
	shown := map[key.Help]bool{}
	for _, b := range bindings {
		hb := b.Help()
		if !b.Enabled() || hb.Key == "" || shown[hb] {
			continue
		}
		shown[hb] = true
		e.with(tag("span", fmt.Sprintf("help:%d", n), a("class", "key")).with(
			tag("kbd", "").withText(hb.Key), tag("span", "", a("class", "desc")).withText(hb.Desc)))
		n++
	}
	return e
}

// appHelp is the app's ShortHelp, or none when listing it panics.
func appHelp(km help.KeyMap) (out []key.Binding) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return km.ShortHelp()
}
