"""The app as ``make serve`` runs it under gunicorn (``gunicorn.conf.py``): production settings."""
from app import create_app

# Debug is pinned off: Flask would otherwise take it from FLASK_DEBUG in the environment, and debug
# mode shows tracebacks to whoever is on the Wi-Fi.
app = create_app({"DEBUG": False})
