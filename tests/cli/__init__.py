"""Tests of the tongiaki command."""
