"""The API docs page (Swagger UI, served from this server) works under the CSP."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_the_api_docs_page_shows_every_endpoint_under_the_policy(page: Page, live_server):
    response = page.goto(f"{live_server.url}/api/docs")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Card Drive API")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    page.locator(".opblock-summary-path", has_text="/api/drives/{drive_id}/standings").click()
    expect(page.locator(".opblock-body").first).to_be_visible()
