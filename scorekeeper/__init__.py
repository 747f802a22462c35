"""The stand-alone scorekeeper: a club's practice and home games kept hand by hand, with no
drive, in any line-up the game's rules allow. Scores come from the pure rules library
(scoring.games); the audit and the club's guard come from drives.interface.
"""
