module github.com/facetui/facet

go 1.26.8
