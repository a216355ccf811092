package tea

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Level is how much a Notification matters. Renderers show it as a symbol
// as well as a colour, so it reads in plain text too.
type Level string

// The levels a notification can have.
const (
	LevelInfo    Level = "info"
	LevelSuccess Level = "success"
	LevelWarning Level = "warning"
	LevelError   Level = "error"
)

// Symbol is the level's one-cell mark: "i", "✓", "!" or "✗".
func (l Level) Symbol() string {
	switch l {
	case LevelSuccess:
		return "✓"
	case LevelWarning:
		return "!"
	case LevelError:
		return "✗"
	}
	return "i"
}

// DefaultNotificationTTL is how long a notification stays pending when its
// NotifyMsg gives no TTL.
const DefaultNotificationTTL = 5 * time.Second

// MaxNotifications is how many notifications a runtime keeps pending; a
// new one beyond it drops the oldest.
const MaxNotifications = 8

// MaxRecentNotifications is how many of the last notifications raised a
// snapshot's Recent keeps.
const MaxRecentNotifications = 16

// Notification is something the app told whoever is at the session: the
// person sees the newest on the terminal's bottom line, an agent finds every
// pending one in the session's context resource. It is pending from the
// moment the runtime takes it until its TTL passes or the app dismisses it.
type Notification struct {
	ID    uint64    `json:"id"` // 1, 2, ... per runtime
	Key   string    `json:"key,omitempty"`
	Level Level     `json:"level"`
	Text  string    `json:"text"`
	At    time.Time `json:"at"`
	// Until is when it stops being pending; zero for a notification that
	// stays until dismissed.
	Until time.Time `json:"until,omitzero"`
}

// NotifyMsg raises a notification. The runtime takes it; Update never sees
// it. A notification with the Key of a pending one replaces it (a progress
// message that updates in place). TTL 0 means DefaultNotificationTTL; a
// negative TTL keeps it until a DismissMsg with its Key. Level "" is info.
type NotifyMsg struct {
	Key   string
	Level Level
	Text  string
	TTL   time.Duration
}

// DismissMsg removes the pending notifications with Key, or all of them
// when Key is "". The runtime takes it; Update never sees it.
type DismissMsg struct{ Key string }

// Notify returns a command that raises a notification of level with the
// default TTL. Return it from Update, like any command.
func Notify(level Level, text string) Cmd {
	return NotifyWith(NotifyMsg{Level: level, Text: text})
}

// NotifyWith returns a command that raises n.
func NotifyWith(n NotifyMsg) Cmd { return func() Msg { return n } }

// Dismiss returns a command that removes the pending notifications with
// key ("" for all).
func Dismiss(key string) Cmd { return func() Msg { return DismissMsg{Key: key} } }

// CleanNotificationText is what the runtime keeps of a notification's
// text: control characters become spaces, and spaces at either end go. A
// renderer that cuts values out of notifications cleans them the same way
// first.
func CleanNotificationText(text string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text))
}

// notification checks n and turns it into a pending notification. Its
// errors wrap ErrInvalidNotification and name it by key, never by its text
// (which may hold anything).
func (n NotifyMsg) notification(id uint64, now time.Time) (Notification, error) {
	which := "notification"
	if n.Key != "" {
		which = fmt.Sprintf("notification %q", n.Key)
	}
	level := n.Level
	switch level {
	case "":
		level = LevelInfo
	case LevelInfo, LevelSuccess, LevelWarning, LevelError:
	default:
		return Notification{}, fmt.Errorf("%w: %s: level %q is not one of info, success, warning, error", ErrInvalidNotification, which, n.Level)
	}
	text := CleanNotificationText(n.Text)
	if text == "" {
		return Notification{}, fmt.Errorf("%w: %s: the text is empty (after control characters and outer spaces are removed)", ErrInvalidNotification, which)
	}
	out := Notification{ID: id, Key: n.Key, Level: level, Text: text, At: now}
	switch {
	case n.TTL == 0:
		out.Until = now.Add(DefaultNotificationTTL)
	case n.TTL > 0:
		out.Until = now.Add(n.TTL)
	}
	return out, nil
}

// expireNote is the runtime's own timer message: notification id's TTL
// has passed.
type expireNote struct{ id uint64 }

// withNote returns pending with n added: a pending one with n's Key is
// replaced, and the oldest go when there are more than MaxNotifications.
// pending is never changed (snapshots share it).
func withNote(pending []Notification, n Notification) []Notification {
	out := make([]Notification, 0, len(pending)+1)
	for _, p := range pending {
		if n.Key != "" && p.Key == n.Key {
			continue
		}
		out = append(out, p)
	}
	out = append(out, n)
	if len(out) > MaxNotifications {
		out = out[len(out)-MaxNotifications:]
	}
	return out
}

// withRecent returns recent with n added, the oldest dropped past
// MaxRecentNotifications. recent is never changed.
func withRecent(recent []Notification, n Notification) []Notification {
	out := make([]Notification, 0, min(len(recent)+1, MaxRecentNotifications))
	if len(recent) >= MaxRecentNotifications {
		recent = recent[len(recent)-MaxRecentNotifications+1:]
	}
	out = append(out, recent...)
	return append(out, n)
}

// withoutNotes returns pending without the notifications drop selects, and
// whether any went. pending is never changed.
func withoutNotes(pending []Notification, drop func(Notification) bool) ([]Notification, bool) {
	var out []Notification
	gone := false
	for _, p := range pending {
		if drop(p) {
			gone = true
			continue
		}
		out = append(out, p)
	}
	if !gone {
		return pending, false
	}
	return out, true
}

// handleNotify raises n on the owner goroutine.
func (r *Runtime) handleNotify(cur *Snapshot, m NotifyMsg) error {
	n, err := m.notification(r.lastNote+1, time.Now())
	if err != nil {
		r.cfg.logger.Error("notification refused", "err", err)
		return err
	}
	r.lastNote = n.ID
	next := *cur
	next.Recent = withRecent(cur.Recent, n)
	r.setNotes(&next, withNote(cur.Notifications, n))
	if !n.Until.IsZero() {
		r.expireAfter(n.ID, n.Until.Sub(n.At))
	}
	return nil
}

// dropNotes drops the pending notifications drop selects, on the owner
// goroutine; when none goes, nothing is published.
func (r *Runtime) dropNotes(cur *Snapshot, drop func(Notification) bool) {
	if kept, gone := withoutNotes(cur.Notifications, drop); gone {
		r.setNotes(cur, kept)
	}
}

// setNotes publishes cur with notes pending, and stops the expiry timers
// of the notifications that are no longer pending (replaced, dropped past
// MaxNotifications, dismissed or expired).
func (r *Runtime) setNotes(cur *Snapshot, notes []Notification) {
	for _, n := range cur.Notifications {
		if !slices.ContainsFunc(notes, func(k Notification) bool { return k.ID == n.ID }) {
			if cancel, ok := r.noteTimers[n.ID]; ok {
				cancel()
				delete(r.noteTimers, n.ID)
			}
		}
	}
	s := *cur
	s.Notifications = notes
	r.publish(&s)
}

// expireAfter queues the expiry of notification id after d, on a timer
// that setNotes stops when the notification goes earlier and the runtime
// stops when it stops.
func (r *Runtime) expireAfter(id uint64, d time.Duration) {
	ctx, cancel := context.WithCancel(r.ctx)
	r.noteTimers[id] = cancel
	go func() {
		c, stop := r.cfg.clock.Timer(d)
		defer stop()
		select {
		case <-c:
			_ = r.inbox.put(ctx, envelope{msg: expireNote{id: id}, from: FromTimer}, nil, nil) // dropped once the note or runtime goes
		case <-ctx.Done():
		}
	}()
}
