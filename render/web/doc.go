// Package web is Facet's browser renderer: the same running app, drawn in a
// browser as semantic HTML and driven from it, shared with the terminal, SSH
// and agents like every other renderer.
//
// Each browser tab is a session (web1, web2, ...) in the tea.Sessions
// registry the renderer is given, so an agent that sees that registry (the
// MCP renderer over --http) can act on it while the person watches, and the
// person sees the agent's actions as they happen.
//
// The page is split in three layers so that another transport can carry it
// (HostPage: the same page inside an MCP Apps host, over its postMessage bridge):
//
//   - Page: the tree drawn as HTML elements keyed by DOM id, each widget's
//     built from its description (tea.Describer) alone, one element per
//     role (a button is a <button>, a masked textbox an <input
//     type="password"> that never carries its value, a table a <table>
//     with sortable headers, trees, lists, tabs, menus, sliders and
//     dialogs their ARIA roles, with their parts), so an app's own widget
//     is drawn as a built-in one with the same role is; a widget with no
//     description, or a role with no element, is its terminal drawing as
//     text. Diff turns two pages into the replace operations that change
//     one into the other.
//   - Tab: one session seen from one page: it applies the page's events
//     (keys, clicks, pastes, text the browser set in a field, the
//     window's size, the detach control) to the
//     runtime and turns each snapshot into a Patch. It knows no transport.
//   - Server: HTTP (the page and its embedded assets) and a WebSocket per
//     tab, behind the same Host and Origin checks as the MCP renderer's
//     HTTP transport. A tab's WebSocket is opened only from the page's own
//     origin or one of Options.AllowedOrigins, never from another page on
//     loopback. One source (an IP address, an IPv6 /64) holds at most its
//     share of the tabs (Options.MaxTabsPerSource), a newcomer to a full
//     server closes the idlest tab of the source holding the most, and a
//     tab whose page has not answered the server's heartbeat for
//     Options.IdleTimeout is closed.
//
// With Options.Login (an operator's tokens file, identity.Tokens) every
// page and tab needs a login: a form at /login takes a token, and a right
// one starts a login held server-side and named by a cookie (a random
// 256-bit handle, HttpOnly, SameSite=Strict); the tab's WebSocket is
// refused without it, each request carries its principal
// (identity.FromContext), the page names who is logged in, and POST
// /logout ends the login and closes its tabs. Off loopback the server
// refuses to start without a login unless Options.InsecureNoLogin says
// anyone who reaches it may drive its apps.
//
// With Options.Invites a tab's person can invite another into their
// session (package invite): the bar's Invite shows that tab alone a
// one-time link, whose token rides in the fragment and then over the
// WebSocket, never in a request; the page it opens joins the session as
// a guest, and both see each other on the bar.
//
// The JavaScript mirrors the split: facet.js draws patches and reports
// events through an abstract transport ({send, onMessage}); ws.js is the
// WebSocket transport, appassets/bridge.js the MCP Apps one. Nothing is
// built or fetched from elsewhere: every asset is embedded.
//
// The page meets WCAG 2.1 AA as axe-core audits it (TestBrowserPagesPassAxe):
// it follows the browser's colour scheme (Options.Theme, LightTheme) with
// every text colour made to reach 4.5:1, has one h1 (Options.App's Title), names
// every control from its widget's label, lets the keyboard reach what
// scrolls, outlines the focus, honours prefers-reduced-motion, and says in
// a polite live region what an agent changed ("agent set Email: ada").
//
// Keys go to the runtime as a terminal's do (Tab moves focus, the focused
// widget's own key map turns the rest into messages); a click goes to the
// widget under the pointer as the Act its description gives the part (a
// row's select_row, a header's sort), invoked as an agent's tool call is,
// so it sends the same message (or, for a tea.PartClicker, the message
// the widget says such a click means).
package web
