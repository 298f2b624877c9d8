"""The conformance suite as a pytest test package: ``pytest --pyargs durak_conformance.suite``."""
