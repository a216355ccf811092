package derive

import (
	"cmp"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

var ownerSeq atomic.Uint64

// ToolSynchronizer keeps one session's tools in the Registry. Its set is
// sticky: every tool the session's renders have derived so far, kept until
// the session stops, so a modal opened, dismissed and opened again changes
// the set once. The one exception is a disabled widget: while one is in
// view, the tools it no longer offers are out of the set (a disabled
// button's click), so whether such a tool is listed does not depend on
// whether the widget was ever enabled. A tool is registered again only
// when its definition changes, and a render with nothing new does no
// registry write at all.
type ToolSynchronizer struct {
	session string
	owner   string
	reg     *Registry
	log     *slog.Logger
	valid   bool

	// deriving serializes derivations: the session's follower and a
	// write's own sync may bring the same snapshot at once, and memo is
	// one derivation's at a time.
	deriving sync.Mutex
	memo     *deriveMemo

	mu sync.Mutex
	// known is every tool of the set, as registered.
	known map[string]knownTool
	// derived counts the derived tools of known.
	derived int
	// added remembers, for the last renders, which tools each one added,
	// so a write can say which tools it brought.
	added    []addedAt
	version  uint64
	warned   map[string]bool
	stopped  bool
	firstErr error
	// stopOnce makes a second Stop wait until the first has removed the
	// tools: the follower and the session watcher both stop a session.
	stopOnce sync.Once
}

// NewToolSynchronizer returns a synchronizer for session. One given an
// invalid session id derives no tools at all, discover_tools included, and
// logs a warning naming the id.
func NewToolSynchronizer(session string, reg *Registry, log *slog.Logger) *ToolSynchronizer {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &ToolSynchronizer{
		session: session,
		owner:   fmt.Sprintf("session:%s#%d", session, ownerSeq.Add(1)),
		reg:     reg,
		log:     log,
		valid:   tea.ValidID(session),
		known:   map[string]knownTool{},
		memo:    newDeriveMemo(&reg.scratch),
	}
	if !s.valid {
		log.Warn("mcp: session id breaks the id rule; deriving no tools", "session", session, "rule", tea.IDRule)
	}
	return s
}

// Start registers the session's discover_tools and the tools of its first
// view. A *NameCollisionError names the tools that were refused.
func (s *ToolSynchronizer) Start(snap tea.Snapshot) error {
	if !s.valid {
		return nil
	}
	sp := s.reg.specs.discover()
	discover := &Tool{
		Name:         s.session + ".discover_tools",
		Title:        "Find tools",
		Description:  sp.description,
		InputSchema:  sp.input,
		OutputSchema: sp.output,
		ReadOnly:     true,
		Session:      s.session,
		Action:       "discover_tools",
		js:           &sp.js,
	}
	err := s.sync(snap, discover)
	s.mu.Lock()
	s.firstErr = err
	s.mu.Unlock()
	return err
}

// Valid reports whether the session id is valid, so that the synchronizer
// derives tools at all.
func (s *ToolSynchronizer) Valid() bool { return s.valid }

// FirstError is what Start returned: a *NameCollisionError naming the
// first view's refused tools, or nil.
func (s *ToolSynchronizer) FirstError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.firstErr
}

// Sync brings the session's tool set up to date with snap's view. Snapshots
// older than one already synced are ignored.
func (s *ToolSynchronizer) Sync(snap tea.Snapshot) error { return s.sync(snap) }

// sync registers what snap's view adds or changes, plus extra tools, in one
// registry change.
func (s *ToolSynchronizer) sync(snap tea.Snapshot, extra ...*Tool) error {
	if !s.valid {
		return nil
	}
	// The session's follower and a write's own sync often see the same
	// snapshot; derive it once.
	s.deriving.Lock()
	defer s.deriving.Unlock()
	s.mu.Lock()
	done := len(extra) == 0 && snap.Version != 0 && snap.Version <= s.version
	s.mu.Unlock()
	if done {
		return nil
	}
	derived, warns := s.memo.tools(s.session, snap.View)
	defer s.memo.done()
	return s.reconcile(snap.Version, derived, warns, extra)
}

// reconcile registers what derived adds or changes against the sticky set.
// When nothing changed it allocates nothing and touches no registry.
func (s *ToolSynchronizer) reconcile(version uint64, derived []Derived, warns []Warning, extra []*Tool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped || (version != 0 && version < s.version) {
		return nil
	}
	s.version = version
	for _, w := range warns {
		s.warnOnce(w.String(), "mcp: skipped a widget's tools", "session", s.session, "warning", w.String())
	}
	changed := extra
	offered := 0
	for _, d := range derived {
		if k, ok := s.known[d.Name]; ok && k.t.sameSpec(d.Kind, d.Action) {
			k.seen = version
			s.known[d.Name] = k
			offered++
			continue
		}
		sp, err := s.reg.specs.derived(d.Action)
		if err != nil {
			s.warnOnce("spec:"+d.Name, "mcp: refused a tool spec", "widget", d.Widget, "action", d.Action.Name, "reason", err.Error())
			continue
		}
		t := buildShared(s.session, d, sp)
		if safe := toolname.SafeName(t.Name); safe != toolname.ClientName(t.Name) {
			s.warnOnce("long:"+t.Name, "mcp: tool name is longer than clients show in full; it is advertised cut, with a hash", "tool", t.Name, "advertised", safe, "limit", toolname.MaxNameLen)
		}
		changed = append(changed, &t)
	}
	if len(changed) == 0 {
		if offered < s.derived {
			s.withdrawDisabled(version)
		}
		return nil
	}
	err := s.reg.Register(s.owner, changed)
	refused := map[string]bool{}
	if nc, ok := err.(*NameCollisionError); ok {
		for _, n := range nc.Names {
			refused[n] = true
			s.log.Warn("mcp: tool refused: its name is taken", "tool", n)
		}
	}
	var fresh []string
	for _, t := range changed {
		if refused[t.Name] {
			continue
		}
		old, had := s.known[t.Name]
		if !had && t.Derived {
			fresh = append(fresh, t.Name)
		}
		if had && old.t.Derived {
			s.derived--
		}
		k := knownTool{t: t}
		if t.Derived {
			k.seen = version
			s.derived++
			offered++
		}
		s.known[t.Name] = k
	}
	if offered < s.derived {
		s.withdrawDisabled(version)
	}
	if len(fresh) > 0 {
		s.added = append(s.added, addedAt{version: version, names: fresh})
		if len(s.added) > maxAddedLog {
			s.added = s.added[len(s.added)-maxAddedLog:]
		}
	}
	return err
}

// withdrawDisabled removes from the set the derived tools that the render
// of version did not offer and whose widget it shows disabled. s.mu is
// held.
func (s *ToolSynchronizer) withdrawDisabled(version uint64) {
	var gone []string
	for name, k := range s.known {
		if !k.t.Derived || k.seen == version {
			continue
		}
		t := k.t
		if w, shown := s.memo.widget(t.Widget); shown && w.WidgetKind() == t.Kind && disabled(w) {
			gone = append(gone, name)
		}
	}
	if len(gone) == 0 {
		return
	}
	for _, name := range s.reg.Unregister(s.owner, gone) {
		s.forget(name)
	}
}

// forget takes the tool registered as name out of the set. s.mu is held.
func (s *ToolSynchronizer) forget(name string) {
	if k, ok := s.known[name]; ok {
		if k.t.Derived {
			s.derived--
		}
		delete(s.known, name)
	}
}

// disabled reports whether w describes itself as disabled (the "disabled"
// state of its tea.Description); a Describe that panics says no.
func disabled(w tea.Widget) (off bool) {
	d, ok := w.(tea.Describer)
	if !ok {
		return false
	}
	defer func() {
		if recover() != nil {
			off = false
		}
	}()
	return d.Describe().State["disabled"] == true
}

// OutOfView returns the derived tools of the set beyond the first max,
// counting from those most recently in view: the tools of the widgets that
// have been out of view the longest (ties by name). Tools the latest
// render offered are never among them, even past max. It is nil while the
// set holds max derived tools or fewer.
func (s *ToolSynchronizer) OutOfView(max int) map[string]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.derived <= max {
		return nil
	}
	names := make([]string, 0, s.derived)
	for n, k := range s.known {
		if k.t.Derived {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		if c := cmp.Compare(s.known[b].seen, s.known[a].seen); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	out := map[string]bool{}
	for i, n := range names {
		if i >= max && s.known[n].seen < s.version {
			out[n] = true
		}
	}
	return out
}

// knownTool is a tool of the set and, for a derived one, the version of
// the last render whose view offered it.
type knownTool struct {
	t    *Tool
	seen uint64
}

// addedAt is the tools one render added.
type addedAt struct {
	version uint64
	names   []string
}

// maxAddedLog bounds how many renders' additions are remembered.
const maxAddedLog = 64

// AddedBetween returns the tools renders after version from, up to and
// including version to, added to the session's set.
func (s *ToolSynchronizer) AddedBetween(from, to uint64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, a := range s.added {
		if a.version > from && a.version <= to {
			out = append(out, a.names...)
		}
	}
	return out
}

// Stop removes every tool the synchronizer still owns, in one change. When
// it returns the tools are gone, also for a caller that raced another Stop.
func (s *ToolSynchronizer) Stop() {
	s.stopOnce.Do(func() {
		// known is every tool the synchronizer owns in the registry (it
		// changes only under s.mu, with the registry): removing those
		// names is RemoveOwner without its walk over every session's
		// tools.
		s.mu.Lock()
		s.stopped = true
		names := make([]string, 0, len(s.known))
		for n := range s.known {
			names = append(names, n)
		}
		s.mu.Unlock()
		s.reg.Unregister(s.owner, names)
	})
}

// Follow syncs every snapshot rt publishes until it stops, then removes
// the session's tools, so a session that dies without Stop loses its tools
// with one list_changed. After each sync it calls then (when not nil) with
// the same snapshot, on the same goroutine: a renderer's other work on a
// session's snapshots rides along rather than starting a goroutine of its
// own on every change. Syncing is quick and never calls the runtime, so
// it follows with tea.Runtime.FollowQuick: after a write, on the
// session's owner goroutine once the write is answered, unless messages
// wait. Call it after Start: it catches up with the renders made since.
// It holds no goroutine while the session is idle. then must be quick in
// the same way.
func (s *ToolSynchronizer) Follow(rt *tea.Runtime, then func(tea.Snapshot)) {
	rt.FollowQuick(func(snap tea.Snapshot) {
		_ = s.Sync(snap)
		if then != nil {
			then(snap)
		}
	}, s.Stop)
	_ = s.Sync(rt.Snapshot())
}

func (s *ToolSynchronizer) warnOnce(key, msg string, args ...any) {
	if s.warned[key] {
		return
	}
	if s.warned == nil {
		s.warned = map[string]bool{}
	}
	s.warned[key] = true
	s.log.Warn(msg, args...)
}
