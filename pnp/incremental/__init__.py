"""Rebuilding only what changed: content fingerprints, the warm render cache, manifests and
reprints -- what `pnp watch` and `--changed` share."""
