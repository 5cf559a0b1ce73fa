"""A blind, held-out set of clinic letters from south-western Germany and its neighbours.

Rhineland-Palatinate and Saarland, with post from Luxembourg, Lorraine and Alsace, Belgium,
Italy, Spain, Portugal, Turkey, Ukraine, Switzerland and a US military hospital.
"""
