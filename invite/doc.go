// Package invite lets one person invite another into their running
// session: pair debugging, a demo given to a colleague, a support person
// looking at a user's screen.
//
// A Desk hands out invitations. Invite makes one for a session on one
// transport (SSH or the web): a token of 256 random bits from crypto/rand
// that works once, on that transport only, until it expires (DefaultTTL
// unless Options.TTL says otherwise). The token is shown to the inviter
// alone, as the command or link their renderer builds from it; an
// Invitation never prints it (String and LogValue redact it), and no error
// repeats it.
//
// Join redeems a token for a guest: a Guest attached to the session, who
// sees and drives it as the inviter does, unless the inviter made the
// guests read-only (Share.SetReadOnly), when every input of theirs is
// refused with ErrReadOnly. Share.End ends the sharing: every guest's
// Done closes, and the invitations still waiting stop working. The people
// sharing the session are in its presence (tea.Presence.People, the
// inviter first), so every renderer shows each of them to the others.
//
// A guest's keys reach the app as someone else's than the session's own
// person's (tea.KeyMsg.Agent is "guest:" and their name), so what an app
// keeps to its human, quitting the session, stays the inviter's.
package invite
