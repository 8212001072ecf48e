"""quizzes"""
