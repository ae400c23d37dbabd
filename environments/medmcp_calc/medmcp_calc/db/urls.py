"""Small helpers to derive connection strings (another database / user) from an admin URL."""
from __future__ import annotations

from urllib.parse import quote, unquote, urlsplit, urlunsplit

from psycopg.conninfo import conninfo_to_dict, make_conninfo


def with_params(url: str, *, dbname: str | None = None, user: str | None = None,
                password: str | None = None) -> str:
    """Return ``url`` with the database / user / password replaced; keeps the URL form when given a URL."""
    if url.startswith(("postgresql://", "postgres://")):
        parts = urlsplit(url)
        netloc = parts.netloc
        userinfo, _, hostport = netloc.rpartition("@")
        old_user, _, old_pw = userinfo.partition(":") if userinfo else ("", "", "")
        u = quote(user, safe="") if user is not None else old_user
        pw = quote(password, safe="") if password is not None else (old_pw if user is None else "")
        cred = u + (":" + pw if pw else "")
        netloc = (cred + "@" if cred else "") + hostport
        path = "/" + quote(dbname, safe="") if dbname is not None else parts.path
        return urlunsplit((parts.scheme, netloc, path, parts.query, parts.fragment))
    kw = {}
    if dbname is not None:
        kw["dbname"] = dbname
    if user is not None:
        kw["user"] = user
        kw["password"] = password or ""
    elif password is not None:
        kw["password"] = password
    return make_conninfo(url, **kw)


def describe(url: str) -> str:
    """A password-free description of a connection string, for messages and logs."""
    try:
        d = conninfo_to_dict(url)
    except Exception:
        return "<unparseable connection string>"
    host = d.get("host") or "localhost"
    return f"user={d.get('user', '?')} db={d.get('dbname', '?')} host={unquote(str(host))} port={d.get('port', 5432)}"
