"""The preview page, `pnp serve`: the games built as `pnp build` builds them and kept warm
(state.py), their pictures (pictures.py), the web app (app.py, templates/) and the process that
watches, rebuilds and serves (server.py). The print path is not touched: the page reads the same
drawings, plan, sheet map and diagnostics a build makes."""
