// Package yamlpos decodes YAML files into checked values, reporting every
// problem at its file, line and column, as go/scanner does.
package yamlpos
