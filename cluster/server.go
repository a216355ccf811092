package cluster

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// embedded is a NATS server run as a library inside the node.
type embedded struct {
	srv     *server.Server
	tempDir string // removed on shutdown; "" when the caller gave StoreDir
}

// startEmbedded runs a NATS server with JetStream on the loopback address
// listen. The server has no authentication, so it refuses to listen beyond
// loopback.
func startEmbedded(listen, storeDir, name string) (*embedded, error) {
	host, portText, err := net.SplitHostPort(listen)
	if err != nil {
		return nil, fmt.Errorf("cluster: listen address %q: want HOST:PORT: %w", listen, err)
	}
	ip := net.ParseIP(host)
	if host == "localhost" {
		ip = net.IPv4(127, 0, 0, 1)
	}
	if ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("cluster: listen address %q: the embedded NATS server has no authentication, so it listens on loopback only (127.0.0.1, ::1 or localhost)", listen)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("cluster: listen address %q: port %q is not 0-65535", listen, portText)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	e := &embedded{}
	if storeDir == "" {
		dir, err := os.MkdirTemp("", "facet-nats-")
		if err != nil {
			return nil, fmt.Errorf("cluster: JetStream store directory: %w", err)
		}
		storeDir, e.tempDir = dir, dir
	}
	srv, err := server.NewServer(&server.Options{
		ServerName: name,
		Host:       ip.String(),
		Port:       port,
		JetStream:  true,
		StoreDir:   storeDir,
		NoSigs:     true,
		NoLog:      true,
		// HTTP monitoring, cluster routes and leaf nodes stay off.
	})
	if err != nil {
		e.cleanup()
		return nil, fmt.Errorf("cluster: embedded NATS server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		e.cleanup()
		return nil, fmt.Errorf("cluster: embedded NATS server on %s did not become ready within 10s", listen)
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
