"""Stand-ins for the outside world that tests and benchmarks run against.

`engine_sim` is the only stand-in for the GPU model: an OpenAI-compatible server on loopback
that answers like vLLM serving the production OCR model, with its latency, loops and errors.
"""
