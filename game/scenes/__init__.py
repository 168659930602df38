"""pygame-ce screens on a scene stack; they draw from a player view and never mutate
rules state. (The client arrives with the playable-client work.)"""
