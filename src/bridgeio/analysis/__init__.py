"""What is computed from files and the model: checksums, summaries."""
