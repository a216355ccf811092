package ssh

import (
	"net"

	charmssh "charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// connKey is the connection context's key for the *limitConn being served.
type connKey struct{}

// rememberConn keeps the connection in its context, so that logging in can
// take it off the list of connections waiting to log in.
func rememberConn(ctx charmssh.Context, c net.Conn) net.Conn {
	ctx.SetValue(connKey{}, c)
	return c
}

// sshConfig is the base of a connection's SSH server configuration: it
// tells the connection's limits once the client has logged in, with a key
// whose signature checked out or, without authorized keys, with none.
func (s *Server) sshConfig(ctx charmssh.Context) *gossh.ServerConfig {
	loggedIn := func() {
		if c, ok := ctx.Value(connKey{}).(*limitConn); ok {
			c.loggedIn()
		}
	}
	if s.keys == nil {
		return &gossh.ServerConfig{
			NoClientAuth: true,
			NoClientAuthCallback: func(gossh.ConnMetadata) (*gossh.Permissions, error) {
				loggedIn()
				return nil, nil
			},
		}
	}
	return &gossh.ServerConfig{
		VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, _ gossh.PublicKey, perms *gossh.Permissions, _ string) (*gossh.Permissions, error) {
			loggedIn()
			return perms, nil
		},
	}
}
