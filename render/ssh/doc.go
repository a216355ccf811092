// Package ssh serves Facet apps over SSH with wish: every connection gets
// its own session, drawn by render/terminal on the client's terminal.
//
// A connection asks for a PTY and a shell (plain `ssh -p 2222 host`). The
// server starts the model Options.App's constructor returns as a session in a tea.Sessions registry, under the id ssh1, ssh2, ... and runs
// terminal.Run attached to it, reading keys from the SSH channel and drawing
// to it with the terminal's line renderer (terminal.WithLineOutput), which
// writes only what changed on the screen and keeps no cell buffers. The client's window size and its later changes become the app's
// size; its TERM and environment choose the colour profile. When the person
// quits, the app quits, the connection idles or lives too long, or the
// server shuts down, the screen is restored and a goodbye line printed; the
// session is then stopped.
//
// Safety comes first:
//   - The host key lives at Options.HostKeyPath (by default under the user's
//     config directory, see DefaultHostKeyPath). It is created on first run
//     with mode 0600 in a 0700 directory and never written to the working
//     directory.
//   - With Options.AuthorizedKeys only the public keys listed in that file
//     are admitted, from the addresses their from= options allow; a line
//     with an option the server does not enforce is refused at New. Without
//     it any client is accepted, so the server refuses to listen anywhere
//     but a loopback address (a *BindError).
//   - At most Options.MaxConnections connections are open at once, logged in
//     or not (the rest are closed unread). Of those, at most
//     Options.MaxUnauthenticated may be waiting to log in, and
//     Options.MaxUnauthenticatedPerSource from one address; a full waiting
//     list makes room by closing the oldest connection of the address
//     holding the most, so idle connections cannot keep a key holder out.
//     A client that has not logged in within Options.HandshakeTimeout (5 s)
//     is cut off.
//   - A window larger than Options.MaxWidth x Options.MaxHeight (1000x500
//     by default) is clamped at the PTY request, at every window change and
//     in a size report the client types itself: a program's screen buffers
//     grow with its window.
//   - A connection without a PTY is told "facet: this server needs an
//     interactive terminal; connect with ssh -t" and exits with status 1;
//     connections over Options.MaxSessions are told the server is full and
//     exit with status 1.
//
// With Options.Invites a person can invite another into their session:
// Ctrl+O shows them a one-time command, ssh -t host join TOKEN, and a
// connection running it joins that session as a guest (package invite)
// instead of starting its own. A token that does not work is refused on
// stderr with the reason, and the connection exits with status 1.
//
// The PTY is wish's emulated one: a real PTY (ssh.AllocatePty) would stop
// window changes from reaching the program.
package ssh
