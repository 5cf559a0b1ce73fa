"""What the tests and the benchmarks share, kept out of the wheel (production never imports it).

- `engine_sim`: the only stand-in for the GPU model, an OpenAI-compatible server on loopback
  that answers like vLLM serving the production OCR model, with its latency, loops and errors
  (in process as `EngineSimulator`, or `python -m devtools.engine_sim`).
- `daemon`: the one launcher of `docvault run` as a real subprocess, and its readiness wait.
"""
