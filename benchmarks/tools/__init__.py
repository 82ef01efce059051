"""Tools that make project files from the project's own code (not benchmarks): run as
``python -m benchmarks.tools.<name>``."""
