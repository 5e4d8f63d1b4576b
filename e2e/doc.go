// Package e2e drives built courses in headless Chromium (chromedp) and checks the editor schemas with a real JSON Schema validator, a module of its own so that the product's go.mod lists only what the product needs.
package e2e
