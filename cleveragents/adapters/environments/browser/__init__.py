"""The browser environment: Chromium, the page, its state and the reverter."""
