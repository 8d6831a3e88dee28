"""pyserial URL handlers of kitapi's own, searched before pyserial's (``serial.protocol_handler_packages``).

``socket://`` is pyserial's own handler without the 0.3 s its ``close`` sleeps "in case of quick reconnects":
the two ends kitapi talks to over a socket, the simulated device and the pico-rig, take the next connection at
once, and a sync or deploy closed the port twice (its probe, then mpremote's transport).
"""
