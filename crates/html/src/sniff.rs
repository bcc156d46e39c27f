//! §13.2.3 the input byte stream: the encoding sniffing algorithm.
