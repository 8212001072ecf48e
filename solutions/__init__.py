"""solutions"""
