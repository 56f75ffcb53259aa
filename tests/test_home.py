def test_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" in html and "New match" in html


def test_home_fragment_for_htmx(client):
    response = client.get("/", htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and "New match" in html
    assert "HX-Request" in response.headers.get("Vary", "")
