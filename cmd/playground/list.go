package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/facetui/facet/playground"
)

// printCatalog writes one line per demo: name, title and description.
func printCatalog(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, a := range playground.Catalog() {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", a.Name, a.Title, a.Description)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("print catalog: %w", err)
	}
	return nil
}
