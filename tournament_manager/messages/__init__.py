"""User-facing wording of the codes the pure layers raise, shared by the CLI and the GUI."""
