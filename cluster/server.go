package cluster

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// embedded is a NATS server run as a library inside the node.
type embedded struct {
	srv     *server.Server
	tempDir string // removed on shutdown; "" when the caller gave StoreDir
}

// splitListen splits a listen address into its host and port (0: a free
// port).
func splitListen(listen string) (host string, port int, err error) {
	host, portText, err := net.SplitHostPort(listen)
	if err != nil {
		return "", 0, fmt.Errorf("cluster: listen address %q: want HOST:PORT: %w", listen, err)
	}
	port, err = strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("cluster: listen address %q: port %q is not 0-65535", listen, portText)
	}
	return host, port, nil
}

// startEmbedded runs a NATS server with JetStream on o.Listen, which
// withDefaults checked: with o.Secret it accepts only clients that present
// it, and with o.TLSCert and o.TLSKey only TLS connections (the node's own
// connection is in process).
func startEmbedded(o Options) (*embedded, error) {
	host, port, err := splitListen(o.Listen)
	if err != nil {
		return nil, err
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	if strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	opts := &server.Options{
		ServerName:    o.Name,
		Host:          host,
		Port:          port,
		JetStream:     true,
		StoreDir:      o.StoreDir,
		NoSigs:        true,
		NoLog:         true,
		Authorization: o.Secret,
		// HTTP monitoring, cluster routes and leaf nodes stay off.
	}
	if o.TLSCert != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: o.TLSCert, KeyFile: o.TLSKey})
		if err != nil {
			return nil, fmt.Errorf("cluster: embedded NATS server's TLS (TLSCert %q, TLSKey %q): %w", o.TLSCert, o.TLSKey, err)
		}
		opts.TLS, opts.TLSCert, opts.TLSKey, opts.TLSConfig = true, o.TLSCert, o.TLSKey, tc
		opts.TLSTimeout = server.TLS_TIMEOUT.Seconds()
	}
	e := &embedded{}
	if opts.StoreDir == "" {
		dir, err := os.MkdirTemp("", "facet-nats-")
		if err != nil {
			return nil, fmt.Errorf("cluster: JetStream store directory: %w", err)
		}
		opts.StoreDir, e.tempDir = dir, dir
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		e.cleanup()
		return nil, fmt.Errorf("cluster: embedded NATS server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		e.cleanup()
		return nil, fmt.Errorf("cluster: embedded NATS server on %s did not become ready within 10s", o.Listen)
	}
	e.srv = srv
	return e, nil
}

// url is the address clients join.
func (e *embedded) url() string { return e.srv.ClientURL() }

func (e *embedded) shutdown() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
	e.cleanup()
}

func (e *embedded) cleanup() {
	if e.tempDir != "" {
		_ = os.RemoveAll(e.tempDir)
	}
}
