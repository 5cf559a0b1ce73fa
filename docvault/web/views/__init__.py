"""The web view's endpoints, one module per concern (as Datasette's `datasette/views/`).

Every endpoint is a module-level function; `docvault.web.routes` is the one table that
gives each its path, methods and access rule, and `docvault.web.app` builds the app from
it. An endpoint reaches the context and the templates through the typed dependencies
`Context` and `Templates` (`docvault.web.context`).

    search      the home page: the arrivals list, or a search's results
    documents   a document: its pages, images, figures, text, files; re-runs and rotation
    facts       the facts panel's form: confirm or correct a proposed fact
    worklist    the to-do list's form: mark a document handled, or to do again
    problems    the problems page, and how each of its items is settled
    admin       the status page and the audit log
    senders     the sender directory (administrators)
    login       the public login form, its answer, the site icon; logging out
    api         the JSON API under /api/
    health      /healthz for the supervisor, /metrics for Prometheus
    common      what several of them share
"""
